"""tile(x, repeat_times: IntArray = {}) -> out: x repeated along each dim."""

from phi.kernels.impl.tile_kernel_impl import tile_kernel

__all__ = ["tile_kernel"]
