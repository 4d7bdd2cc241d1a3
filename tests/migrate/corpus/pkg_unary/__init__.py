"""Team U: unary kernels from a factory of a sub-package (`kit`, re-exported by its
`__init__`), the factory naming its class with a call (`getattr`), registered in a loop
over a module-level table naming both factory-made and class-statement kernels."""
