"""Team S: scan kernels whose subclasses override a class constant and a helper method and
call the base's helper through `super()` (in the base's module and in a sibling module),
with negative twins the codemod cannot resolve statically. This file imports nothing, so
each module imports alone."""
