"""arange(start, end, step: 1-element tensors) -> out: 1-D, start's dtype.

out = [start, start + step, ...] while short of `end`, accumulated one step at
a time; a step pointing away from end gives an empty tensor, step 0 an error.
"""

from phi.kernels.impl.arange_kernel_impl import arange_kernel

__all__ = ["arange_kernel"]
