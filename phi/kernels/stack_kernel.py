"""stack(x: list[Tensor], axis: int) -> out: equally-shaped inputs joined along a new axis.

out.dims = x.dims with len(x) inserted at `axis` (in [-(rank+1), rank]).
"""

from phi.kernels.impl.stack_kernel_impl import stack_kernel

__all__ = ["stack_kernel"]
