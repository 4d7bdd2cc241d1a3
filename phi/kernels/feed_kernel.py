"""feed(x: list[DenseTensor], col: int) -> out.

x is the executor's feed list (a FEED_MINIBATCH variable); out receives a copy of
x[col] (dims, dtype, lod) on the kernel's place.
"""

from phi.kernels.impl.feed_kernel_impl import feed_kernel

__all__ = ["feed_kernel"]
