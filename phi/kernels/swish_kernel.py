"""swish(x) -> out (beta 1); swish_raw(x, beta: float) -> out."""

from phi.kernels.impl.swish_kernel_impl import swish_kernel, swish_raw_kernel

__all__ = ["swish_kernel", "swish_raw_kernel"]
