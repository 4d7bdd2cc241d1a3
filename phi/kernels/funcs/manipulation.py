"""Manipulation math shared by the PHI and legacy kernels of the manipulation family:
unstack, multiplex, reverse, scatter_nd_add,
broadcast_tensors, partial_concat, partial_sum, shard_index,
view_slice, set (strided_view), transfer_layout, view_shape. Functions of `xp` (NumPy or CuPy)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.common import DataLayout, DataType
from phi.kernels.funcs import manipulation_ext
from phi.kernels.funcs.common import quiet, to_host
from phi.kernels.funcs.elementwise import sum_to
from phi.kernels.funcs.indexing import broadcast_dims, checked_ids, gather_nd, gather_nd_dims
from phi.kernels.funcs.reshape import infer_reshape_dims


def unstack_dims(x_dims: Sequence[int], axis: int, num: int,
                 count: int) -> list[tuple[int, ...]]:
    """x's dims without `axis`, once per output: `num` outputs, x.dims[axis] of them."""
    if count != num:
        raise ValueError(f"unstack: {count} outputs Y, but attribute num is {num}")
    return manipulation_ext.unbind_dims(x_dims, axis, count, "unstack")


def unstack(xp: Any, x: Any, axis: int, num: int, outs: Sequence[Any]) -> None:
    """outs[i] = x's slice i along `axis`."""
    unstack_dims(x.shape, axis, num, len(outs))
    manipulation_ext.unbind(xp, x, axis, outs, "unstack")


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
    return tuple(sorted({manipulation_ext.normalized_axis("reverse", int(a), rank)
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


#: (tensor's layout, dst_layout) -> the transpose transfer_layout makes.
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
