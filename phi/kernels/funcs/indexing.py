"""Indexing math shared by the PHI and legacy kernels: gather_nd, index_select, index_sample,
take_along_axis, put_along_axis, scatter, index_add, index_put,
masked_fill, masked_select and nonzero.

Index tensors are int32 or int64 on the array's device. Ids are checked against their
range before anything is written (Paddle raises there too); negative ids count from the
end where Paddle allows them. Functions of `xp` (NumPy or CuPy).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.common import DataType
from phi.common.vocabulary import Vocabulary
from phi.kernels.funcs.common import quiet, to_host


def checked_ids(xp: Any, op: str, ids: Any, size: int, *, negative: bool = True,
                what: str = "index") -> Any:
    """`ids` as int64 in [0, size): negatives wrap once when `negative`, anything else out
    of range raises IndexError naming the op and the allowed range."""
    low = -size if negative else 0
    host = to_host(ids)
    if host.size and (int(host.min()) < low or int(host.max()) >= size):
        bad = int(host.min()) if int(host.min()) < low else int(host.max())
        raise IndexError(f"{op}: {what} has wrong value {bad} (out of bounds), expected "
                         f">= {low} and < {size}")
    ids = ids.astype(np.int64)
    return xp.where(ids < 0, ids + size, ids) if negative else ids


def broadcast_dims(op: str, a: Sequence[int], b: Sequence[int]) -> tuple[int, ...]:
    """NumPy broadcasting of two dims tuples, or a ValueError naming the op."""
    try:
        return tuple(int(d) for d in np.broadcast_shapes(tuple(a), tuple(b)))
    except ValueError:
        raise ValueError(f"{op}: dims {list(a)} and {list(b)} do not broadcast") from None


def last_wins(xp: Any, flat_targets: Any) -> tuple[Any, Any]:
    """(unique targets, position of each one's last occurrence): what a sequential loop of
    assignments leaves behind when targets repeat."""
    reversed_targets = flat_targets[::-1]
    unique, first = xp.unique(reversed_targets, return_index=True)
    return unique, flat_targets.size - 1 - first


# -- gathers -----------------------------------------------------------------------------------

def gather_nd_dims(x_dims: Sequence[int], index_dims: Sequence[int],
                   op: str = "gather_nd") -> tuple[int, ...]:
    """index's dims without the last, then x's dims after the first index_dims[-1] (gather_nd's
    output, scatter_nd_add's Updates)."""
    if len(index_dims) == 0:
        raise ValueError(f"{op}: Index must have at least 1 dimension")
    depth = int(index_dims[-1])
    if depth > len(x_dims):
        raise ValueError(f"{op}: Index's last dim {depth} is larger than X's rank "
                         f"{len(x_dims)}")
    return (*(int(d) for d in index_dims[:-1]), *(int(d) for d in x_dims[depth:]))


def gather_nd(xp: Any, x: Any, index: Any, out: Any) -> None:
    """out[i...] = x[index[i..., 0], ..., index[i..., k-1]] (k = index's last dim)."""
    depth = index.shape[-1]
    coords = [checked_ids(xp, "gather_nd", index[..., j], int(x.shape[j]),
                          what=f"Index[..., {j}]") for j in range(depth)]
    out[...] = x[tuple(coords)] if depth else xp.broadcast_to(x, out.shape)


def index_select_dims(x_dims: Sequence[int], index_dims: Sequence[int],
                      dim: int) -> tuple[int, ...]:
    """x's dims with `dim` replaced by the number of ids (a 1-D or 0-D index)."""
    if len(index_dims) > 1:
        raise ValueError(f"index_select: Index must be 1-D, got dims {list(index_dims)}")
    dims = [int(d) for d in x_dims]
    dims[normalize_axis("index_select", dim, len(dims))] = math.prod(index_dims)
    return tuple(dims)


def index_sample_dims(x_dims: Sequence[int], index_dims: Sequence[int]) -> tuple[int, ...]:
    """index's dims; x and index are 2-D with the same first dim."""
    if len(x_dims) != 2 or len(index_dims) != 2 or x_dims[0] != index_dims[0]:
        raise ValueError(f"index_sample: X {list(x_dims)} and Index {list(index_dims)} must "
                         "be 2-D with the same first dim")
    return tuple(int(d) for d in index_dims)


def index_select(xp: Any, x: Any, index: Any, dim: int, out: Any) -> None:
    """out = x taken at `index` (1-D) along `dim`."""
    dim = normalize_axis("index_select", dim, x.ndim)
    ids = checked_ids(xp, "index_select", index.reshape(-1), int(x.shape[dim]))
    out[...] = xp.take(x, ids, axis=dim)


def index_sample(xp: Any, x: Any, index: Any, out: Any) -> None:
    """out[i, j] = x[i, index[i, j]]; x and index are 2-D with equal first dims."""
    ids = checked_ids(xp, "index_sample", index, int(x.shape[1]), negative=False)
    out[...] = xp.take_along_axis(x, ids, axis=1)


def normalize_axis(op: str, axis: int, rank: int) -> int:
    if not -rank <= axis < max(rank, 1):
        raise ValueError(f"{op}: axis {axis} is out of range for a {rank}-D input")
    return axis % rank if rank else 0


def along_axis_check(op: str, x_dims: Sequence[int], index_dims: Sequence[int],
                     axis: int) -> None:
    """Paddle's take/put_along_axis kernels use `Axis` as given and walk index's dims over
    x's memory: a negative Axis, another rank or an index larger than x off the axis read
    or write out of bounds there, so they are refused here."""
    if axis < 0:
        raise ValueError(f"{op}: negative Axis {axis} (Paddle's kernel does not normalize it; "
                         "the Python API does before writing the program)")
    if len(index_dims) != len(x_dims) or axis >= len(x_dims):
        raise ValueError(f"{op}: Index {list(index_dims)} must have the rank of Input "
                         f"{list(x_dims)} and Axis {axis} must be one of its axes")
    for d, (n, m) in enumerate(zip(index_dims, x_dims)):
        if d != axis and n > m:
            raise ValueError(f"{op}: Index dim {d} ({n}) is larger than Input's ({m})")


def along_axis_coords(xp: Any, op: str, index: Any, axis: int, size: int) -> tuple[Any, ...]:
    """Full coordinates of every index element: its own position off the axis, its value
    (checked, wrapped) on it."""
    grids = []
    for d, n in enumerate(index.shape):  # one open grid per axis (CuPy has no sparse indices)
        shape = [1] * index.ndim
        shape[d] = n
        grids.append(xp.arange(n).reshape(shape))
    grids[axis] = checked_ids(xp, op, index, size)
    return tuple(grids)


def take_along_axis(xp: Any, x: Any, index: Any, axis: int, out: Any) -> None:
    """out[..i, j, k..] = x[..i, index[..i, j, k..], k..] (out has index's dims)."""
    along_axis_check("take_along_axis", x.shape, index.shape, axis)
    if index.size:
        out[...] = x[along_axis_coords(xp, "take_along_axis", index, axis,
                                        int(x.shape[axis]))]


# -- scatters ----------------------------------------------------------------------------------

class PutReduce(Vocabulary):
    """put_along_axis's `Reduce` (mul and multiply are one)."""

    ASSIGN = "assign"
    ADD = "add"
    MUL = "mul"
    MULTIPLY = "multiply"
    MEAN = "mean"
    AMIN = "amin"
    AMAX = "amax"


#: reduction -> the ufunc that folds a value into a target
_REDUCE_UFUNCS = {PutReduce.ADD: "add", PutReduce.MEAN: "add", PutReduce.MUL: "multiply",
                  PutReduce.MULTIPLY: "multiply", PutReduce.AMIN: "minimum",
                  PutReduce.AMAX: "maximum"}


def _identity(dtype: np.dtype, reduce: PutReduce) -> Any:
    """The start value of a target that does not include itself."""
    if reduce in (PutReduce.MUL, PutReduce.MULTIPLY):
        return 1
    if reduce in (PutReduce.AMIN, PutReduce.AMAX):
        if dtype.kind == "f":
            return np.inf if reduce is PutReduce.AMIN else -np.inf
        info = np.iinfo(dtype)
        return info.max if reduce is PutReduce.AMIN else info.min
    return 0


def put_along_axis(xp: Any, x: Any, index: Any, value: Any, axis: int, reduce: str,
                   include_self: bool, out: Any) -> None:
    """out = x with value[p] reduced into x[..., index[p], ...] for every position p of
    index (value read at the same position with its own dims, which must cover index's).

    Repeated targets reduce in order (assign: the last wins); without `include_self` a
    target's own value is left out (mean divides by the values put there only).
    """
    op = "put_along_axis"
    reduce = PutReduce.parse(reduce)
    along_axis_check(op, x.shape, index.shape, axis)
    if value.ndim != index.ndim or any(v < n for v, n in zip(value.shape, index.shape)):
        raise ValueError(f"{op}: Value {list(value.shape)} must have Index's rank and dims at "
                         f"least Index's {list(index.shape)}")
    out[...] = x
    if index.size == 0:
        return
    coords = along_axis_coords(xp, op, index, axis, int(x.shape[axis]))
    src = value[tuple(slice(0, n) for n in index.shape)]
    if reduce is PutReduce.ASSIGN:
        flat = xp.ravel_multi_index(xp.broadcast_arrays(*coords), out.shape).reshape(-1)
        targets, last = last_wins(xp, flat)
        out.reshape(-1)[targets] = src.reshape(-1)[last]
        return
    if not include_self:
        out[coords] = _identity(out.dtype, reduce)
    getattr(xp, _REDUCE_UFUNCS[reduce]).at(out, coords, src)  # in order, repeats included
    if reduce is PutReduce.MEAN:
        counts = xp.zeros(out.shape, np.int64)
        xp.add.at(counts, coords, 1)
        counts += 1 if include_self else 0
        hit = counts > 0
        if out.dtype.kind in "iu":  # Paddle floors the integer mean
            out[hit] = (out[hit] // counts[hit]).astype(out.dtype)
        else:
            out[hit] = out[hit] / counts[hit].astype(out.dtype)


def scatter_ids(xp: Any, ids: Any, rows: int) -> Any:
    """scatter's Ids (0-D, 1-D or [N, 1]) as checked, wrapped int64 ids."""
    if not (ids.ndim in (0, 1) or (ids.ndim == 2 and ids.shape[1] == 1)):
        raise ValueError(f"scatter: Ids must be 0-D, 1-D or [N, 1], got dims {list(ids.shape)}")
    return checked_ids(xp, "scatter", ids.reshape(-1), rows, what="Ids")


def scatter(xp: Any, x: Any, ids: Any, updates: Any, overwrite: bool, out: Any) -> None:
    """out = x with row ids[i] replaced by updates[i] (overwrite: the last update of a
    repeated id wins) or, without overwrite, set to the sum of all its updates."""
    rows = int(x.shape[0]) if x.ndim else 0
    flat_ids = scatter_ids(xp, ids, rows)
    slices = updates.reshape((flat_ids.size, *x.shape[1:])) if ids.ndim == 0 else updates
    if ids.ndim and tuple(updates.shape[1:]) != tuple(x.shape[1:]):
        raise ValueError(f"scatter: Updates dims {list(updates.shape)} must match X's "
                         f"{list(x.shape)} after the first")
    out[...] = x
    if flat_ids.size == 0:
        return
    if overwrite:
        targets, last = last_wins(xp, flat_ids)
        out[targets] = slices[last]
        return
    out[flat_ids] = 0
    xp.add.at(out, flat_ids, slices[:flat_ids.size])


def index_add_dims(x_dims: Sequence[int], index_dims: Sequence[int],
                   add_value_dims: Sequence[int], axis: int) -> tuple[int, ...]:
    """x's dims, once index is 1-D and add_value is x's dims with `axis` the id count."""
    axis = normalize_axis("index_add", axis, len(x_dims))
    if len(index_dims) != 1:
        raise ValueError(f"index_add: Index must be 1-D, got dims {list(index_dims)}")
    want = [int(d) for d in x_dims]
    want[axis] = int(index_dims[0])
    if [int(d) for d in add_value_dims] != want:
        raise ValueError(f"index_add: AddValue dims {list(add_value_dims)} must be X's "
                         f"{list(x_dims)} with axis {axis} the id count: {want}")
    return tuple(int(d) for d in x_dims)


def index_add(xp: Any, x: Any, index: Any, add_value: Any, axis: int, out: Any) -> None:
    """out = x with add_value's slice i added to x's slice index[i] along `axis`, in order
    (repeated ids add up)."""
    index_add_dims(x.shape, index.shape, add_value.shape, axis)
    axis = normalize_axis("index_add", axis, x.ndim)
    ids = checked_ids(xp, "index_add", index, int(x.shape[axis]))
    out[...] = x
    moved = xp.moveaxis(out, axis, 0)  # a view: the adds land in out
    with quiet(xp):  # inf + -inf is NaN, as in Paddle
        xp.add.at(moved, ids, xp.moveaxis(add_value, axis, 0))


def index_add_grad(xp: Any, index: Any, out_grad: Any, axis: int, x_grad: Any | None,
                   add_value_grad: Any | None) -> None:
    """x_grad = out_grad; add_value_grad = out_grad's slices at index along `axis` (either
    may be None: not asked for)."""
    axis = normalize_axis("index_add_grad", axis, out_grad.ndim)
    if x_grad is not None:
        x_grad[...] = out_grad
    if add_value_grad is not None:
        ids = checked_ids(xp, "index_add_grad", index, int(out_grad.shape[axis]))
        add_value_grad[...] = xp.take(out_grad, ids, axis=axis)


#: index_put's kernels: every element type (Paddle 3.3.1 registers them all on CPU).
INDEX_PUT_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
                   DataType.INT64, DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32,
                   DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128]


def index_put_coords(xp: Any, x_dims: Sequence[int], indices: Sequence[Any]) -> tuple[Any, ...]:
    """index_put's indices as one checked, wrapped int64 array per leading axis of x, all of
    one broadcast shape: a bool index stands for the coordinates of its true elements over
    as many axes as it has dims (NumPy's advanced indexing)."""
    coords: list[Any] = []
    for i, index in enumerate(indices):
        index = xp.asarray(index)  # the kernels take the ids as given (host or device)
        if index.dtype.kind == "b":
            axes = tuple(int(d) for d in x_dims[len(coords):len(coords) + index.ndim])
            if tuple(index.shape) != axes:
                raise ValueError(f"index_put: bool indices[{i}] dims {list(index.shape)} must "
                                 f"match x's dims {list(axes)} at axis {len(coords)}")
            coords.extend(xp.nonzero(index))
        elif index.dtype.kind in "iu":
            coords.append(index)
        else:
            raise TypeError(f"index_put: indices[{i}] must be bool, int32 or int64, got "
                            f"{index.dtype}")
    if len(coords) > len(x_dims):
        raise ValueError(f"index_put: {len(coords)} indexed axes for x of rank {len(x_dims)}")
    shape = ()
    for c in coords:
        shape = broadcast_dims("index_put", shape, c.shape)
    return tuple(checked_ids(xp, "index_put", xp.broadcast_to(c, shape), int(x_dims[d]),
                             what=f"the index of axis {d}") for d, c in enumerate(coords))


def index_put(xp: Any, x: Any, indices: Sequence[Any], value: Any, accumulate: bool,
              out: Any) -> None:
    """out = x with value (broadcast to the indexed elements) written at x[indices] (the
    last of repeated targets wins) or, with `accumulate`, added there (repeats add up)."""
    coords = index_put_coords(xp, x.shape, indices)
    depth = len(coords)
    target = (*(coords[0].shape if coords else ()), *x.shape[depth:])
    try:
        values = xp.broadcast_to(value, target)
    except ValueError:
        raise ValueError(f"index_put: value dims {list(value.shape)} do not broadcast to the "
                         f"indexed dims {list(target)}") from None
    out[...] = x
    if values.size == 0:
        return
    if accumulate:
        with quiet(xp):  # inf + -inf is NaN, as in Paddle
            xp.add.at(out, coords, values)
        return
    rows = out.reshape((-1, *x.shape[depth:]))  # a view: one row per indexed position
    flat = xp.ravel_multi_index(coords, x.shape[:depth]).reshape(-1) if depth else \
        xp.zeros(1, np.int64)
    targets, last = last_wins(xp, flat)
    rows[targets] = values.reshape((-1, *x.shape[depth:]))[last]


# -- masks -------------------------------------------------------------------------------------

def as_mask(mask: Any) -> Any:
    """A mask as bool: as it is, or (where a caller cast it to the data's dtype, as the
    API casts every input of a kernel) its non-zero elements."""
    return mask if mask.dtype.kind == "b" else mask != 0


def masked_fill(xp: Any, x: Any, mask: Any, value: Any, out: Any) -> None:
    """out = value where mask, else x (x and mask broadcast; value has one element)."""
    if value.size != 1:
        raise ValueError(f"masked_fill: value must have one element, got dims "
                         f"{list(value.shape)}")
    xp.copyto(out, xp.where(mask, value.reshape(()), x))


def masked_select(xp: Any, x: Any, mask: Any) -> Any:
    """The elements of x (broadcast with mask) where mask holds, in row-major order."""
    dims = broadcast_dims("masked_select", x.shape, mask.shape)
    return xp.broadcast_to(x, dims)[xp.broadcast_to(as_mask(mask), dims)]


def nonzero(xp: Any, condition: Any) -> Any:
    """int64 [n, rank]: the coordinates of the non-zero (true, NaN) elements, row-major."""
    if condition.ndim == 0:
        raise ValueError("where_index: Condition must have at least 1 dimension")
    flags = condition != 0 if condition.dtype.kind != "b" else condition
    return xp.argwhere(flags).astype(np.int64)


def index_put_grad(xp: Any, indices: Sequence[Any], value_dims: Sequence[int], out_grad: Any,
                   accumulate: bool, x_grad: Any | None, value_grad: Any | None) -> None:
    """x_grad = out_grad, zero at the written places unless `accumulate`; value_grad = the
    output gradient at x[indices] summed back to value's dims (either may be None)."""
    from phi.kernels.funcs.elementwise import sum_to

    coords = index_put_coords(xp, out_grad.shape, indices)
    if x_grad is not None:
        x_grad[...] = out_grad
        if not accumulate and coords and coords[0].size:
            x_grad[coords] = 0
    if value_grad is not None:
        picked = out_grad[coords] if coords else out_grad
        sum_to(xp, picked, value_dims, -1, value_grad)
