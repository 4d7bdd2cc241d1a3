"""log_softmax(x, axis: int = -1) -> out: log(softmax(x)) along axis."""

from phi.kernels.impl.log_softmax_kernel_impl import log_softmax_kernel

__all__ = ["log_softmax_kernel"]
