"""floor(x) -> out: out = x rounded toward -inf (integers unchanged)."""

from phi.kernels.impl.floor_kernel_impl import floor_kernel

__all__ = ["floor_kernel"]
