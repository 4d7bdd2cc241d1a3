"""Team F: makers and kernels built by factory functions (a class statement in a function
returning it), of the op module itself and of a helper module. Importing a module
registers its ops; this file imports nothing."""
