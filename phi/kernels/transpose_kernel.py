"""transpose(x, axis: list[int]) -> out, with out.dims[i] = x.dims[axis[i]] (negative axes wrap).

Serves fluid's transpose and transpose2 (whose XShape output is extra and
not part of the kernel).
"""

from phi.kernels.impl.transpose_kernel_impl import transpose_kernel

__all__ = ["transpose_kernel"]
