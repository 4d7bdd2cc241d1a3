"""Team C: class factories whose bodies begin with argument guards (`if not hasattr(np,
name): raise ...`), read as preconditions, and the negative twins: a guard that also
prints, one calling a function of the package, a maker factory's guard with a side
effect."""
