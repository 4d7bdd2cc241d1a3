"""Manipulation math shared by the PHI and legacy kernels: strided_slice, unbind, flip, roll,
expand_as, repeat_interleave and meshgrid. Functions of `xp` (NumPy or CuPy)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import host_ints


def normalized_axis(op: str, axis: int, rank: int) -> int:
    """`axis` in [0, rank), counted from the end when negative; out of range raises."""
    if not -rank <= axis < rank:
        raise ValueError(f"{op}: axis {axis} is out of range for a {rank}-D input")
    return axis % rank


# -- strided_slice -------------------------------------------------------------------------

def _normalize_interval(start: int, end: int, step: int, size: int) -> tuple[int, int, bool]:
    """Paddle's normalize_interval: (start, end, empty) with Python slice semantics; for a
    negative step an end of -size - 1 (or less) means "through index 0"."""
    if size <= 0:
        return 0, 0, True
    if step > 0:
        if start >= size or end <= -size:
            return 0, 0, True
        start = max(start + size if -size <= start < 0 else start, 0)
        end = min(end + size if -size <= end < 0 else end, size)
        return (0, 0, True) if start >= end else (start, end, False)
    if start <= -size - 1 or end >= size - 1:
        return 0, 0, True
    start = min(start + size if -size <= start < 0 else start, size - 1)
    end = max(end + size if -size <= end < 0 else end, -size - 1)
    if end == -size - 1:
        return start, end, False
    return (0, 0, True) if end >= start else (start, end, False)


def _one_element(start: int, end: int, infer_flag: int, axis: int,
                 decrease_axis: Sequence[int]) -> bool:
    """Paddle reads a start of -1 and an end of 0 given by tensors (infer flag -1) on a
    decreased axis as one element at the normalized start."""
    return start == -1 and end == 0 and infer_flag == -1 and axis in decrease_axis


def strided_slice_windows(x_dims: Sequence[int], axes: Sequence[int], starts: Sequence[int],
                          ends: Sequence[int], strides: Sequence[int],
                          infer_flags: Sequence[int], decrease_axis: Sequence[int]
                          ) -> list[slice]:
    """One Python slice per axis of x (full where the axis is not sliced)."""
    rank = len(x_dims)
    if not len(axes) == len(starts) == len(ends) == len(strides):
        raise ValueError(f"strided_slice: axes {list(axes)}, starts {list(starts)}, ends "
                         f"{list(ends)} and strides {list(strides)} must have one entry each")
    # Paddle reads an axis' infer flag only for a start of -1 with an end of 0 and never
    # checks the list's length: a flag left out (a shorter list, or none) counts as 1.
    flags = [*infer_flags, *[1] * (len(axes) - len(infer_flags))]
    windows = [slice(None)] * rank
    for i, axis in enumerate(axes):
        if not 0 <= axis < rank:
            raise ValueError(f"strided_slice: The axis should be greater than or equal to 0 "
                             f"and less than the rank {rank}, but received {axis}")
        start, end, step = int(starts[i]), int(ends[i]), int(strides[i])
        if step == 0:
            raise ValueError("strided_slice: stride index in StridedSlice operator is 0")
        size = int(x_dims[axis])
        first, last, empty = _normalize_interval(start, end, step, size)
        if _one_element(start, end, flags[i], axis, decrease_axis):
            windows[axis] = slice(first, first + 1)
        elif empty:
            windows[axis] = slice(0, 0)
        else:
            windows[axis] = slice(first, last if last >= 0 else None, step)
    return windows


def strided_slice_dims(x_dims: Sequence[int], axes: Sequence[int], starts: Sequence[int],
                       ends: Sequence[int], strides: Sequence[int], infer_flags: Sequence[int],
                       decrease_axis: Sequence[int]) -> tuple[int, ...]:
    """Output dims: the window lengths, decreased axes (each of length 1) dropped; [1] when
    every axis is dropped (Paddle 3.3.1 keeps one dim)."""
    windows = strided_slice_windows(x_dims, axes, starts, ends, strides, infer_flags,
                                    decrease_axis)
    dims = [len(range(*w.indices(int(d)))) for w, d in zip(windows, x_dims)]
    for axis in decrease_axis:
        if not 0 <= axis < len(dims) or dims[axis] != 1:
            got = dims[axis] if 0 <= axis < len(dims) else "no such axis"
            raise ValueError(f"strided_slice: the size of decrease dimension should be 1, but "
                             f"received {got} for axis {axis}")
    kept = [d for i, d in enumerate(dims) if i not in set(decrease_axis)]
    return tuple(kept) if kept or not decrease_axis else (1,)


def strided_slice(xp: Any, x: Any, axes: Sequence[int], starts: Sequence[int],
                  ends: Sequence[int], strides: Sequence[int], infer_flags: Sequence[int],
                  decrease_axis: Sequence[int], out: Any) -> None:
    """out = x[windows], reshaped to out's dims (decreased axes dropped)."""
    windows = strided_slice_windows(x.shape, axes, starts, ends, strides, infer_flags,
                                    decrease_axis)
    out[...] = x[tuple(windows)].reshape(out.shape)


# -- unbind, flip, roll ------------------------------------------------------------------------

def unbind_dims(x_dims: Sequence[int], axis: int, count: int,
                op: str = "unbind") -> list[tuple[int, ...]]:
    """x's dims without `axis`, once per output (there must be x.dims[axis] of them)."""
    axis = normalized_axis(op, axis, len(x_dims))
    if count != x_dims[axis]:
        raise ValueError(f"{op}: {count} outputs for an axis of size {x_dims[axis]}")
    dims = tuple(int(d) for i, d in enumerate(x_dims) if i != axis)
    return [dims] * count


def unbind(xp: Any, x: Any, axis: int, outs: Sequence[Any], op: str = "unbind") -> None:
    """outs[i] = x's slice i along `axis` (unbind, unstack)."""
    axis = normalized_axis(op, axis, x.ndim)
    unbind_dims(x.shape, axis, len(outs), op)
    for i, out in enumerate(outs):  # one copy per output slice
        if out is not None:
            out[...] = xp.take(x, i, axis=axis)


def flip_axes(rank: int, axes: Sequence[int]) -> tuple[int, ...]:
    """`axes` normalized; duplicates and axes out of range raise."""
    normalized = tuple(normalized_axis("flip", int(a), rank) for a in axes)
    if len(set(normalized)) != len(normalized):
        raise ValueError(f"flip: axes has duplicates: {list(axes)}")
    return normalized


def flip(xp: Any, x: Any, axes: Sequence[int], out: Any) -> None:
    out[...] = xp.flip(x, axis=flip_axes(x.ndim, axes)) if axes else x


def roll(xp: Any, x: Any, shifts: Sequence[int], axes: Sequence[int], out: Any) -> None:
    """out = x rolled by shifts[i] along axes[i] (no axes: x flattened, one shift)."""
    shifts = [int(s) for s in shifts]
    if not axes:
        if len(shifts) != 1:
            raise ValueError(f"roll: without axes shifts needs one entry, got {shifts}")
        if x.size:
            out[...] = xp.roll(x.reshape(-1), shifts[0]).reshape(x.shape)
        return
    if len(axes) != len(shifts):
        raise ValueError(f"roll: axes {list(axes)} and shifts {shifts} differ in length")
    axes = [normalized_axis("roll", int(a), x.ndim) for a in axes]
    out[...] = xp.roll(x, shifts, axis=axes) if x.size else x


# -- expand_as, repeat_interleave, meshgrid ---------------------------------------------------

def expand_as_dims(x_dims: Sequence[int], y_dims: Sequence[int] | None,
                   target_shape: Sequence[int]) -> tuple[int, ...]:
    """Y's dims when Y is given (target_shape must have its rank: Paddle reads the rank from
    the attribute), else target_shape; every entry >= 0 and x's non-1 dims kept."""
    target = [int(d) for d in (target_shape if y_dims is None else y_dims)]
    if y_dims is not None and len(target_shape) != len(y_dims):
        raise ValueError(f"expand_as_v2: target_shape {list(target_shape)} must have Y's rank "
                         f"{len(y_dims)}")
    if len(target) < len(x_dims):
        raise ValueError(f"expand_as_v2: the target rank {len(target)} is less than X's "
                         f"{len(x_dims)}")
    if any(d < 0 for d in target):
        raise ValueError(f"expand_as_v2: target dims must be >= 0, got {target}")
    lead = len(target) - len(x_dims)
    for have, want in zip(x_dims, target[lead:]):
        if have not in (1, want) and want != 0:
            raise ValueError(f"expand_as_v2: The value ({have}) of the non-singleton dimension "
                             f"does not match the corresponding value ({want})")
    return tuple(target)


def expand_as(xp: Any, x: Any, out: Any) -> None:
    """out (already sized) = x broadcast to it."""
    if out.size:
        out[...] = xp.broadcast_to(x, out.shape)


def repeat_counts(repeats: Any, size: int) -> np.ndarray:
    """Per-element repeat counts along the axis from RepeatsTensor (1-D, one per element)."""
    counts = np.asarray(host_ints(repeats), np.int64)
    if np.ndim(repeats) != 1 or counts.size != size:
        raise ValueError(f"repeat_interleave: The length of Input(RepeatsTensor) must be the "
                         f"same as length of Input(X) in axis: got {counts.size}, need {size}")
    if counts.size and counts.min() < 0:
        raise ValueError(f"repeat_interleave: repeats must be >= 0, got {int(counts.min())}")
    return counts


def repeat_interleave_dims(x_dims: Sequence[int], count: int, axis: int) -> tuple[int, ...]:
    """x's dims with the axis dim replaced by `count` (the repeated length)."""
    if not 0 <= axis < len(x_dims):
        raise ValueError(f"repeat_interleave: dim {axis} must be in [0, {len(x_dims)}) "
                         "(Paddle's op does not take a negative dim)")
    dims = [int(d) for d in x_dims]
    dims[axis] = count
    return tuple(dims)


def repeat_interleave(xp: Any, x: Any, repeats: int | np.ndarray, axis: int) -> Any:
    """x's slices along `axis`, each repeated (an int for all, or one count per slice)."""
    if isinstance(repeats, int) and repeats <= 0:
        raise ValueError(f"repeat_interleave: repeats must be greater than 0, but got {repeats}")
    if not isinstance(repeats, int):
        repeats = [int(r) for r in repeats]  # a list: CuPy takes no array of counts
    return xp.repeat(x, repeats, axis=axis)


def meshgrid_dims(dims: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """One dim per input (0-D or 1-D inputs; a 0-D one counts 1)."""
    if any(len(d) > 1 for d in dims):
        raise ValueError(f"meshgrid: inputs must be 0-D or 1-D, got dims {[list(d) for d in dims]}")
    return tuple(int(d[0]) if d else 1 for d in dims)


def meshgrid(xp: Any, xs: Sequence[Any], outs: Sequence[Any]) -> None:
    """outs[i] = xs[i] broadcast along axis i of the grid ('ij' indexing)."""
    dims = meshgrid_dims([x.shape for x in xs])
    for i, (x, out) in enumerate(zip(xs, outs)):  # one output per input
        shape = [1] * len(dims)
        shape[i] = dims[i]
        out[...] = xp.broadcast_to(x.reshape(shape), dims)
