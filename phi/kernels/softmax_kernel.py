"""softmax(x, axis: int) -> out: exp(x - max) / sum(exp(x - max)) along `axis`."""

from phi.kernels.impl.softmax_kernel_impl import softmax_kernel

__all__ = ["softmax_kernel"]
