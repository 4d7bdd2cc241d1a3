"""cumsum(x, axis: Scalar = -1, flatten: bool = False, exclusive: bool = False,
reverse: bool = False) -> out: running sums along axis."""

from phi.kernels.impl.cumsum_kernel_impl import cumsum_kernel

__all__ = ["cumsum_kernel"]
