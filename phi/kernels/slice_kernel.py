"""slice(input, axes: list[int], starts: IntArray, ends: IntArray, infer_flags: list[int],
decrease_axis: list[int]) -> out.

Along each of `axes`, keeps [start, end): negative bounds count from the end,
bounds past either end clamp, empty windows give zero-sized axes; the axes in
decrease_axis (size 1) are then dropped (all dropped: a 0-D tensor).
"""

from phi.kernels.impl.slice_kernel_impl import slice_kernel

__all__ = ["slice_kernel"]
