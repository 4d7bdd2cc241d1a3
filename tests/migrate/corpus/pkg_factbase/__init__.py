"""Team B: kernels built in one module by a factory of another, whose class derives from a
private base of the factory's module (issue 23). Importing a module registers its ops;
this file imports nothing."""
