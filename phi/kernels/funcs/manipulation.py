"""Manipulation math shared by the PHI and legacy kernels of the manipulation family:
unstack, multiplex, reverse, scatter_nd_add,
broadcast_tensors, partial_concat, partial_sum, shard_index,
view_slice, set (strided_view), transfer_layout, view_shape. Functions of `xp` (NumPy or CuPy).

Manipulation math shared by the PHI and legacy kernels: strided_slice, unbind, flip, roll,
expand_as, repeat_interleave and meshgrid. Functions of `xp` (NumPy or CuPy).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.common import DataLayout, DataType
from phi.kernels.funcs.common import host_ints, quiet, to_host
from phi.kernels.funcs.elementwise import sum_to
from phi.kernels.funcs.indexing import broadcast_dims, checked_ids, gather_nd, gather_nd_dims
from phi.kernels.funcs.reshape import infer_reshape_dims


def unstack_dims(x_dims: Sequence[int], axis: int, num: int,
                 count: int) -> list[tuple[int, ...]]:
    """x's dims without `axis`, once per output: `num` outputs, x.dims[axis] of them."""
    if count != num:
        raise ValueError(f"unstack: {count} outputs Y, but attribute num is {num}")
    return unbind_dims(x_dims, axis, count, "unstack")


def unstack(xp: Any, x: Any, axis: int, num: int, outs: Sequence[Any]) -> None:
    """outs[i] = x's slice i along `axis`."""
    unstack_dims(x.shape, axis, num, len(outs))
    unbind(xp, x, axis, outs, "unstack")


def multiplex_dims(x_dims: Sequence[Sequence[int]], ids_dims: Sequence[int]) -> tuple[int, ...]:
    """[ids.dims[0], *x[0].dims[1:]]: ids is [N, 1]; two or more candidates of one dims, rank
    2 or more, with at least N rows."""
    if len(ids_dims) != 2 or ids_dims[1] != 1:
        raise ValueError(f"multiplex: Ids must be [N, 1], got dims {list(ids_dims)}")
    if len(x_dims) < 2:
        raise ValueError(f"multiplex: needs more than one candidate X, got {len(x_dims)}")
    first = [int(d) for d in x_dims[0]]
    if any([int(d) for d in dims] != first for dims in x_dims):
        raise ValueError(f"multiplex: the candidates X must have one dims, got "
                         f"{[list(d) for d in x_dims]}")
    if len(first) < 2 or first[0] < ids_dims[0]:
        raise ValueError(f"multiplex: candidates {first} must have rank >= 2 and at least "
                         f"Ids' {ids_dims[0]} rows")
    return (int(ids_dims[0]), *first[1:])


def multiplex(xp: Any, xs: Sequence[Any], ids: Any, out: Any) -> None:
    """out[i] = xs[ids[i, 0]][i] (ids int32 in [0, len(xs)))."""
    multiplex_dims([x.shape for x in xs], ids.shape)
    if ids.dtype != np.int32:
        raise TypeError(f"multiplex: Ids must be int32 (Paddle's kernel reads int32), got "
                        f"{ids.dtype}")
    host = to_host(ids)
    if host.size and (int(host.min()) < 0 or int(host.max()) >= len(xs)):
        raise IndexError(f"multiplex: Ids must be nonnegative and less than the number of "
                         f"candidate tensors {len(xs)}, got {host.reshape(-1).tolist()}")
    rows = int(ids.shape[0])
    picked = xp.asarray(ids).reshape(-1).astype(np.int64)  # ids as given (host or device)
    out[...] = xp.stack([x[:rows] for x in xs])[picked, xp.arange(rows)]


def reverse_axes(rank: int, axis: Sequence[int]) -> tuple[int, ...]:
    """`axis` normalized, each axis once (a repeated axis is reversed once, as Paddle does);
    an empty list or an axis out of range raises."""
    if not axis:
        raise ValueError("reverse: 'axis' can not be empty")
    return tuple(sorted({normalized_axis("reverse", int(a), rank)
                         for a in axis}))


def reverse(xp: Any, x: Any, axis: Sequence[int], out: Any) -> None:
    out[...] = xp.flip(x, axis=reverse_axes(x.ndim, axis))


def scatter_nd_add_dims(x_dims: Sequence[int], index_dims: Sequence[int],
                        updates_dims: Sequence[int]) -> tuple[int, ...]:
    """x's dims, once updates has index's dims but the last, then x's after index.dims[-1]."""
    want = gather_nd_dims(x_dims, index_dims, "scatter_nd_add")
    if tuple(int(d) for d in updates_dims) != want:
        raise ValueError(f"scatter_nd_add: Updates dims {list(updates_dims)} must be "
                         f"{list(want)} (Index's dims but the last, then X's after "
                         f"{index_dims[-1]})")
    return tuple(int(d) for d in x_dims)


def scatter_nd_add(xp: Any, x: Any, index: Any, updates: Any, out: Any) -> None:
    """out = x with updates[i...] added at x[index[i..., :]] in order (repeats add up;
    negative ids count from the end)."""
    scatter_nd_add_dims(x.shape, index.shape, updates.shape)
    depth = int(index.shape[-1])
    out[...] = x
    if updates.size == 0:
        return
    coords = [checked_ids(xp, "scatter_nd_add", index[..., j].reshape(-1), int(x.shape[j]),
                          what=f"Index[..., {j}]") for j in range(depth)]
    count = math.prod(index.shape[:-1])
    flat = xp.ravel_multi_index(coords, x.shape[:depth]) if depth else \
        xp.zeros(count, np.int64)
    rows = out.reshape((-1, *x.shape[depth:]))  # a view: one row per indexed position
    with quiet(xp):  # inf + -inf is NaN, as in Paddle
        xp.add.at(rows, flat, updates.reshape((count, *x.shape[depth:])))


def broadcast_tensors_dims(x_dims: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """The dims every input broadcasts to (NumPy's rules); dims that do not broadcast raise."""
    dims: tuple[int, ...] = ()
    for d in x_dims:
        dims = broadcast_dims("broadcast_tensors", dims, d)
    return dims


def broadcast_tensors(xp: Any, xs: Sequence[Any], outs: Sequence[Any]) -> None:
    """outs[i] = xs[i] broadcast to the common dims."""
    dims = broadcast_tensors_dims([x.shape for x in xs])
    for x, out in zip(xs, outs):
        if out is not None:
            out[...] = xp.broadcast_to(x, dims)


#: The element types Paddle 3.3.1 registers the CPU kernels for.
PARTIAL_SUM_TYPES = [DataType.INT32, DataType.INT64, DataType.FLOAT32, DataType.FLOAT64]
PARTIAL_CONCAT_TYPES = [*PARTIAL_SUM_TYPES, DataType.COMPLEX64, DataType.COMPLEX128]
BROADCAST_TENSORS_TYPES = [DataType.BOOL, DataType.FLOAT16, *PARTIAL_CONCAT_TYPES]
#: broadcast_tensors_grad's CPU types: the forward's less bool
BROADCAST_TENSORS_GRAD_TYPES = [t for t in BROADCAST_TENSORS_TYPES if t is not DataType.BOOL]


def partial_columns(op: str, x_dims: Sequence[Sequence[int]], start_index: int,
                    length: int) -> tuple[int, int, int]:
    """(rows, start, length) of the column range [start, start + length) that partial_concat
    / partial_sum take from every input: 2-D inputs of one dims; `length` -1 runs to the end;
    a negative start counts from the end in partial_concat (partial_sum refuses it: Paddle's
    kernel reads before the row there)."""
    if not x_dims:
        raise ValueError(f"{op}: needs at least one input X")
    first = tuple(int(d) for d in x_dims[0])
    if len(first) != 2 or any(tuple(int(d) for d in dims) != first for dims in x_dims):
        raise ValueError(f"{op}: inputs X must be 2-D of one dims, got "
                         f"{[list(d) for d in x_dims]}")
    rows, cols = first
    low = -cols if op == "partial_concat" else 0
    if not low <= start_index < cols:
        raise ValueError(f"{op}: start_index {start_index} is expected to be in range of "
                         f"[{low}, {cols})")
    start = start_index % cols
    if length < -1:
        raise ValueError(f"{op}: length {length} must be -1 (to the end) or >= 0")
    length = cols - start if length == -1 else length
    if start + length > cols:
        raise ValueError(f"{op}: start_index + length is larger than input length "
                         f"({start} + {length} > {cols})")
    return rows, start, length


def partial_concat(xp: Any, xs: Sequence[Any], start_index: int, length: int, out: Any) -> None:
    """out = the inputs' columns [start, start + length) side by side."""
    _, start, length = partial_columns("partial_concat", [x.shape for x in xs], start_index,
                                       length)
    for i, x in enumerate(xs):
        out[:, i * length:(i + 1) * length] = x[:, start:start + length]


def partial_sum(xp: Any, xs: Sequence[Any], start_index: int, length: int, out: Any) -> None:
    """out = the sum of the inputs' columns [start, start + length), added in input order
    onto zeros (as Paddle's kernel: a -0.0 sum is +0.0)."""
    _, start, length = partial_columns("partial_sum", [x.shape for x in xs], start_index,
                                       length)
    out[...] = 0
    with quiet(xp):
        for x in xs:
            xp.add(out, x[:, start:start + length], out=out)


def shard_index_dims(x_dims: Sequence[int]) -> tuple[int, ...]:
    """x's dims: rank 2 or more, the last 1."""
    if len(x_dims) < 2 or x_dims[-1] != 1:
        raise ValueError(f"shard_index: X must have rank >= 2 and last dim 1, got dims "
                         f"{list(x_dims)}")
    return tuple(int(d) for d in x_dims)


def shard_index(xp: Any, x: Any, index_num: int, nshards: int, shard_id: int,
                ignore_value: int, out: Any) -> None:
    """out = x - shard_id * size where x lies in shard `shard_id` (shards of size
    ceil(index_num / nshards)), else ignore_value; x must lie in [0, index_num)."""
    shard_index_dims(x.shape)
    if nshards <= 0:
        raise ValueError(f"shard_index: nshards must be greater than 0, got {nshards}")
    if not 0 <= shard_id < nshards:
        raise ValueError(f"shard_index: shard_id must be >= 0 and less than nshards "
                         f"({nshards}), got {shard_id}")
    host = to_host(x)
    if host.size and (int(host.min()) < 0 or int(host.max()) >= index_num):
        bad = int(host.min()) if int(host.min()) < 0 else int(host.max())
        raise ValueError(f"shard_index: input index must be >= 0 and less than index_num "
                         f"({index_num}), got {bad}")
    size = (index_num + nshards - 1) // nshards
    out[...] = xp.where(x // size == shard_id, x - shard_id * size, ignore_value)


#: The view ops' element types: Paddle 3.3.1 registers every type (its float8 types
#: too, which fluidphi does not have).
VIEW_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32,
              DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128]


def view_slice_dims(input_dims: Sequence[int], begin_idx: int,
                    end_idx: int) -> tuple[int, ...]:
    """input's dims with the rows [begin_idx, end_idx) of its first axis:
    0 <= begin_idx < end_idx <= input.dims[0]."""
    if not input_dims:
        raise ValueError("view_slice: input must have at least 1 dimension")
    rows = int(input_dims[0])
    if not 0 <= begin_idx < end_idx <= rows:
        raise ValueError(f"view_slice: rows [{begin_idx}, {end_idx}) must satisfy 0 <= "
                         f"begin_idx < end_idx <= {rows} (input's first dim)")
    return (end_idx - begin_idx, *(int(d) for d in input_dims[1:]))


def view_slice(xp: Any, input: Any, begin_idx: int, end_idx: int, out: Any) -> None:
    """out = input's rows [begin_idx, end_idx) (a copy: fluidphi's tensors own their data)."""
    view_slice_dims(input.shape, begin_idx, end_idx)
    out[...] = input[begin_idx:end_idx]


# -- gradients ---------------------------------------------------------------------------------

def scatter_nd_add_grad(xp: Any, index: Any, out_grad: Any, x_grad: Any | None,
                        updates_grad: Any | None) -> None:
    """x_grad = out_grad; updates_grad = out_grad gathered at index (either may be None)."""
    if x_grad is not None:
        x_grad[...] = out_grad
    if updates_grad is not None:
        gather_nd(xp, out_grad, index, updates_grad)


def broadcast_tensors_grad(xp: Any, x_dims: Sequence[Sequence[int]], out_grads: Sequence[Any],
                           x_grads: Sequence[Any | None]) -> None:
    """x_grads[i] = out_grads[i] summed over the dims x[i] was broadcast along."""
    for dims, grad, x_grad in zip(x_dims, out_grads, x_grads):
        if x_grad is not None:
            sum_to(xp, grad, dims, -1, x_grad)


def partial_grad(op: str, xp: Any, x_dims: Sequence[Sequence[int]], out_grad: Any,
                 start_index: int, length: int, x_grads: Sequence[Any | None]) -> None:
    """partial_concat_grad / partial_sum_grad: each x_grad zero but the forward's column
    range, which gets its piece of out_grad (partial_concat) or all of it (partial_sum)."""
    _, start, length = partial_columns(op.removesuffix("_grad"), x_dims, start_index, length)
    for i, x_grad in enumerate(x_grads):
        if x_grad is not None:
            x_grad[...] = 0
            first = i * length if op == "partial_concat_grad" else 0
            x_grad[:, start:start + length] = out_grad[:, first:first + length]


def multiplex_grad(xp: Any, ids: Any, out_grad: Any, x_grads: Sequence[Any | None]) -> None:
    """x_grads[k] = out_grad's rows i where ids[i] is k, zero elsewhere."""
    picked = xp.asarray(ids).reshape(-1).astype(np.int64)  # ids as given (host or device)
    rows = int(picked.size)
    for k, x_grad in enumerate(x_grads):
        if x_grad is not None:
            x_grad[...] = 0
            mine = picked == k
            x_grad[:rows][mine] = out_grad[mine]


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


def set_dims(op: str, dims: Sequence[int], stride: Sequence[int]) -> tuple[int, ...]:
    """out's dims: `dims` (one stride per dim)."""
    if len(dims) != len(stride) or any(d < 0 for d in dims):
        raise ValueError(f"{op}: dims {list(dims)} must be non-negative with one stride each, "
                         f"got stride {list(stride)}")
    return tuple(int(d) for d in dims)


def strided_view(xp: Any, op: str, x: Any, source: Any, dims: Sequence[int],
                 stride: Sequence[int], offset: int, out: Any) -> None:
    """out = the view of source's elements with `dims`, element strides `stride`, starting
    `offset` bytes in (Paddle's `set`: out shares source's memory; here a copy). A view
    reaching outside source, an offset off the element size, or a source of another dtype than
    x is refused."""
    set_dims(op, dims, stride)
    if source.dtype != x.dtype:
        raise ValueError(f"{op}: source's dtype {source.dtype} must be x's ({x.dtype})")
    first, rest = divmod(int(offset), source.dtype.itemsize)
    index = np.full(tuple(dims), first, dtype=np.int64)
    for axis, (d, st) in enumerate(zip(dims, stride)):
        index += (np.arange(d, dtype=np.int64) * int(st)).reshape(
            (d,) + (1,) * (len(dims) - axis - 1))
    if rest or (index.size and (index.min() < 0 or index.max() >= source.size)):
        raise ValueError(f"{op}: the view (dims {list(dims)}, stride {list(stride)}, offset "
                         f"{offset} bytes) must lie within source's {source.size} elements "
                         f"of {source.dtype.itemsize} bytes")
    out[...] = source.reshape(-1)[xp.asarray(index)]


_LAYOUT_AXES = {(DataLayout.NCHW, DataLayout.NHWC): (0, 2, 3, 1),
                (DataLayout.NHWC, DataLayout.NCHW): (0, 3, 1, 2)}


def transfer_layout_axes(op: str, x_layout: DataLayout, src_layout: int, dst_layout: int,
                         rank: int) -> tuple[int, ...] | None:
    """The axes transfer_layout transposes X by (None: X is in dst_layout already, a copy).
    Paddle's kernel reads only X's own layout and dst_layout (src_layout matters only to
    oneDNN, which fluidphi has not: refused); NCHW <-> NHWC is the one transform."""
    if src_layout == dst_layout:
        raise ValueError(f"{op}: No layout transform needed between same layout "
                         f"(src_layout = dst_layout = {src_layout})")
    if DataLayout.ONEDNN in (src_layout, dst_layout):
        raise ValueError(f"{op}: oneDNN layouts (5) are not supported, got src_layout "
                         f"{src_layout}, dst_layout {dst_layout}")
    if dst_layout == x_layout:
        return None
    axes = _LAYOUT_AXES.get((x_layout, dst_layout))
    if axes is None:
        raise ValueError(f"{op}: Unsupported layout transform from {x_layout.name} to "
                         f"layout {dst_layout} (only NCHW <-> NHWC)")
    if rank != 4:
        raise ValueError(f"{op}: the input dimension size should be equal to 4 for "
                         f"{x_layout.name} -> {DataLayout(dst_layout).name}, X is {rank}-D")
    return axes


def transfer_layout(xp: Any, axes: Sequence[int] | None, x: Any, out: Any) -> None:
    """out = x transposed by `axes` (transfer_layout_axes), or a copy."""
    out[...] = x if axes is None else xp.transpose(x, axes)


def view_shape_dims(input_dims: Sequence[int], dims: Sequence[int]) -> tuple[int, ...]:
    """out's dims: input's own. Paddle 3.3.1 checks `dims` as a reshape of input (0 keeps a
    dim, one -1 is inferred) but its CPU kernel leaves the dims as they were."""
    infer_reshape_dims(dims, input_dims)
    return tuple(int(d) for d in input_dims)


def view_shape(xp: Any, input: Any, dims: Sequence[int], out: Any) -> None:
    """out = input (dims checked as view_shape_dims does)."""
    view_shape_dims(input.shape, dims)
    out[...] = input
