"""Team T: op makers built by factories that call `type()` (a nested `make` closing over the
factory's parameters, a module-level `make`), used by another module than the factory's and
imported by a sibling op module; the negative twins: a namespace setting more than `make`,
a `make` reading a module list something appends to."""
