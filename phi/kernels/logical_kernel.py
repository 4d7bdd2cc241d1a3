"""Logical kernels (out is bool; nonzero reads as true):

logical_and(x, y) -> out: x and y; logical_or(x, y) -> out: x or y (NumPy broadcasting).
logical_not(x) -> out: not x.
"""

from phi.kernels.impl.logical_kernel_impl import (
    logical_and_kernel,
    logical_not_kernel,
    logical_or_kernel,
)

__all__ = ["logical_and_kernel", "logical_not_kernel", "logical_or_kernel"]
