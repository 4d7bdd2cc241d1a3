"""squeeze(x, axes: IntArray) -> out: x without its size-1 dims (all of them when axes is
empty, else the listed ones; listed dims of another size are kept).

Serves fluid's squeeze and squeeze2 (whose XShape output is extra).
"""

from phi.kernels.impl.squeeze_kernel_impl import squeeze_kernel

__all__ = ["squeeze_kernel"]
