"""unsqueeze(x, axes: IntArray) -> out: x with size-1 dims inserted at `axes`, one at a time
in order (each axis indexes the shape built so far; -1 appends).

Serves fluid's unsqueeze and unsqueeze2 (whose XShape output is extra).
"""

from phi.kernels.impl.unsqueeze_kernel_impl import unsqueeze_kernel

__all__ = ["unsqueeze_kernel"]
