"""slice: per-axis [start, end) windows with Paddle's clamping, then optional squeezes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def normalize_slice(x_dims: Sequence[int], axes: Sequence[int], starts: Sequence[int],
                    ends: Sequence[int]) -> list[tuple[int, int, int]]:
    """(axis, start, end) per sliced axis, clamped into [0, dim] with start <= end.

    Negative starts/ends count from the end of the axis; values past either
    end clamp to it; an empty window (start >= end) yields a zero-sized axis.
    """
    rank = len(x_dims)
    if not len(axes) == len(starts) == len(ends):
        raise ValueError(f"slice: axes {list(axes)}, starts {list(starts)} and ends "
                         f"{list(ends)} must have the same length")
    windows = []
    for axis, start, end in zip(axes, starts, ends):
        axis, start, end = int(axis), int(start), int(end)
        if not -rank <= axis < rank:
            raise ValueError(f"slice: axis {axis} is out of range for a {rank}-D input")
        axis = axis + rank if axis < 0 else axis
        dim = int(x_dims[axis])
        if dim < 0:  # unknown at compile time
            windows.append((axis, start, end))
            continue
        start = start + dim if start < 0 else start
        end = end + dim if end < 0 else end
        start = min(max(start, 0), dim)
        end = min(max(end, 0), dim)
        windows.append((axis, start, max(end, start)))
    return windows


def decrease_dims(dims: Sequence[int], decrease_axis: Sequence[int]) -> tuple[int, ...]:
    """Drop the listed axes (each must have size 1); dropping all leaves a 0-D shape."""
    rank = len(dims)
    drop = set()
    for a in decrease_axis:
        a = int(a)
        a = a + rank if a < 0 else a
        if not 0 <= a < rank:
            raise ValueError(f"slice: decrease_axis entry {a} is out of range for rank {rank}")
        if dims[a] not in (1, -1):
            raise ValueError(f"slice: decrease_axis {a} has size {dims[a]}, expected 1")
        drop.add(a)
    return tuple(int(d) for i, d in enumerate(dims) if i not in drop)


def slice_dims(x_dims: Sequence[int], axes: Sequence[int], starts: Sequence[int],
               ends: Sequence[int], decrease_axis: Sequence[int] = ()) -> tuple[int, ...]:
    """Output dims of slice (after decrease_axis)."""
    dims = [int(d) for d in x_dims]
    for axis, start, end in normalize_slice(x_dims, axes, starts, ends):
        dims[axis] = -1 if dims[axis] < 0 else end - start
    return decrease_dims(dims, decrease_axis)


def slice_window(xp: Any, x: Any, axes: Sequence[int], starts: Sequence[int],
                 ends: Sequence[int], out: Any) -> None:
    """out = x[windows], reshaped to out's dims (which may drop decreased axes)."""
    index = [slice(None)] * x.ndim
    for axis, start, end in normalize_slice(x.shape, axes, starts, ends):
        index[axis] = slice(start, end)
    out[...] = x[tuple(index)].reshape(out.shape)


def slice_grad(xp: Any, x_shape: Sequence[int], axes: Sequence[int], starts: Sequence[int],
               ends: Sequence[int], out_grad: Any, x_grad: Any) -> None:
    """x_grad = zeros of x's dims with out_grad (its decreased axes restored) written into
    the slice's window."""
    index = [slice(None)] * len(x_shape)
    for axis, start, end in normalize_slice(x_shape, axes, starts, ends):
        index[axis] = slice(start, end)
    x_grad[...] = 0
    window = x_grad[tuple(index)]
    window[...] = out_grad.reshape(window.shape)
