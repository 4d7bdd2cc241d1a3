"""Kernels choosing what they run by name: properties reading class constants, a mixin
chain of input checks, methods picked by `getattr(self, prefix + mode)`, a table keyed by
an Enum's members, a constant stored by `__init__` from a module constant, a fallback of an
undeclared attribute spelled with `and`, and kernel classes a loop makes and publishes
through `globals()`."""

from . import acts, factory, legacy, pairs, reduce, tables  # noqa: F401
