"""Team D: kernels reaching helpers taking ctx through module aliases of a sub-package."""
