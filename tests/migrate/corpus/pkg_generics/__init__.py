"""Team G: kernels on a generic base of another module (`ParamKernel[P]`), whose module
holds a `TypeVar` and a module logger, both computed when it is imported."""
