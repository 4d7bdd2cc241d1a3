"""compat: runs legacy programs on PHI kernels (argument mapping + dual dispatch)."""
