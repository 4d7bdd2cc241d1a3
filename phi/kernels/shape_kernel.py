"""shape(input) -> out: int32 [rank] holding input's dims, allocated on the host.

input's data is never read (any dtype, any place).
"""

from phi.kernels.impl.shape_kernel_impl import shape_kernel

__all__ = ["shape_kernel"]
