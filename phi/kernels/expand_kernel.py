"""expand(x, shape: IntArray = {}) -> out: x broadcast to shape (fluid's expand_v2)."""

from phi.kernels.impl.expand_kernel_impl import expand_kernel

__all__ = ["expand_kernel"]
