"""reshape(x, shape: IntArray) -> out, xshape (optional).

shape may hold 0 (keep x's dim at that index) and one -1 (inferred); out holds x's
elements in order. xshape, when the op has it (reshape2), gets dims [0, *x.dims]
and no data. The kernel of fluid's `reshape2`.
"""

from phi.kernels.impl.reshape_kernel_impl import reshape_kernel

__all__ = ["reshape_kernel"]
