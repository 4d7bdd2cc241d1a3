"""matmul(x, y, transpose_x: bool, transpose_y: bool) -> out.

NumPy matmul semantics after the transposes: 1-D operands are vectors (their
transpose flag is ignored), batch dims broadcast, two 1-D operands give a 0-D out.
"""

from phi.kernels.impl.matmul_kernel_impl import matmul_kernel

__all__ = ["matmul_kernel"]
