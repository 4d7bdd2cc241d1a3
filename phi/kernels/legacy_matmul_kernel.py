"""legacy_matmul(x, y, transpose_x: bool, transpose_y: bool, alpha: float) -> out.

The kernel of fluid's `matmul` (v1) op: matmul's product scaled by alpha.
"""

from phi.kernels.impl.legacy_matmul_kernel_impl import legacy_matmul_kernel

__all__ = ["legacy_matmul_kernel"]
