"""Grads of the indexing family shared by the PHI and legacy kernels: index_select,
gather_nd, scatter, take_along_axis, put_along_axis, index_sample, masked_select and
masked_fill.

A gather's gradient scatters the output gradient back, adding where ids repeat; a scatter's
passes the output gradient through except where it wrote. Every function writes into the
gradient buffers it is given (None: not asked for), whose dims are the forward inputs'.
Ids are taken as given (their own dtype, on the host or the device: the PHI kernels read
them with backend ALL_BACKEND); masks as bool (indexing.as_mask). Functions of `xp` (NumPy or CuPy).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from phi.common import DataType
from phi.kernels.funcs.common import quiet
from phi.kernels.funcs.elementwise import sum_to
from phi.kernels.funcs.indexing import (
    PutReduce,
    along_axis_check,
    along_axis_coords,
    as_mask,
    broadcast_dims,
    checked_ids,
    last_wins,
    normalize_axis,
    scatter_ids,
)

_INTS = [DataType.INT32, DataType.INT64]
_FLOATS = [DataType.FLOAT32, DataType.FLOAT64]
_COMPLEX = [DataType.COMPLEX64, DataType.COMPLEX128]
#: Paddle 3.3.1's CPU dtypes of each grad kernel (GPU: the same but bfloat16).
INDEX_SELECT_GRAD_TYPES = [DataType.BOOL, *_INTS, DataType.BFLOAT16, *_FLOATS, *_COMPLEX]
INDEX_SELECT_GRAD_GPU_TYPES = [DataType.BOOL, *_INTS, *_FLOATS, *_COMPLEX]
GATHER_ND_GRAD_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, *_INTS,
                        *_FLOATS, *_COMPLEX]
SCATTER_GRAD_TYPES = [*_INTS, *_FLOATS]
TAKE_ALONG_AXIS_GRAD_TYPES = [DataType.UINT8, DataType.INT16, *_INTS, *_FLOATS]
PUT_ALONG_AXIS_GRAD_TYPES = [DataType.UINT8, DataType.INT16, *_INTS, *_FLOATS]
INDEX_SAMPLE_GRAD_TYPES = [*_INTS, *_FLOATS, *_COMPLEX]
MASKED_GRAD_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, *_INTS,
                     DataType.FLOAT16, DataType.BFLOAT16, *_FLOATS, *_COMPLEX]
MASKED_GRAD_GPU_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, *_INTS,
                         DataType.FLOAT16, *_FLOATS, *_COMPLEX]


def index_select_grad(xp: Any, index: Any, out_grad: Any, dim: int, x_grad: Any) -> None:
    """x_grad = out_grad's slices added back at `index` along `dim` (repeats add up)."""
    dim = normalize_axis("index_select_grad", dim, x_grad.ndim)
    ids = checked_ids(xp, "index_select_grad", xp.asarray(index).reshape(-1),
                      int(x_grad.shape[dim]))
    x_grad[...] = 0
    xp.add.at(xp.moveaxis(x_grad, dim, 0), ids, xp.moveaxis(out_grad, dim, 0))


def gather_nd_grad(xp: Any, index: Any, out_grad: Any, x_grad: Any) -> None:
    """x_grad = out_grad added back at the places index names (an index of last dim 0 took
    all of x for every leading position: their gradients add up)."""
    index = xp.asarray(index)  # as given: host or device
    depth = int(index.shape[-1])
    if depth == 0:
        xp.sum(out_grad, axis=tuple(range(index.ndim - 1)), out=x_grad)
        return
    coords = tuple(checked_ids(xp, "gather_nd_grad", index[..., j], int(x_grad.shape[j]),
                               what=f"Index[..., {j}]") for j in range(depth))
    x_grad[...] = 0
    xp.add.at(x_grad, coords, out_grad)


def scatter_grad(xp: Any, ids: Any, out_grad: Any, x_grad: Any | None,
                 updates_grad: Any | None) -> None:
    """x_grad = out_grad, zero at the rows scattered to; updates_grad = out_grad's rows at
    ids, for every id, repeats included, with `overwrite` or without (as Paddle 3.3.1)."""
    flat = scatter_ids(xp, xp.asarray(ids), int(out_grad.shape[0]) if out_grad.ndim else 0)
    if x_grad is not None:
        x_grad[...] = out_grad
        x_grad[flat] = 0
    if updates_grad is not None:
        updates_grad[...] = out_grad[flat].reshape(updates_grad.shape)


def take_along_axis_grad(xp: Any, index: Any, result_grad: Any, axis: int,
                         input_grad: Any) -> None:
    """input_grad = result_grad added back at the places index names along `axis`."""
    along_axis_check("take_along_axis_grad", input_grad.shape, index.shape, axis)
    index = xp.asarray(index)  # as given: host or device
    input_grad[...] = 0
    if index.size:
        coords = along_axis_coords(xp, "take_along_axis_grad", index, axis,
                                   int(input_grad.shape[axis]))
        xp.add.at(input_grad, coords, result_grad)


def _divided(xp: Any, num: Any, den: Any, dtype: Any) -> Any:
    """num / den in `dtype` (integer types truncate toward zero, as C++ division)."""
    with quiet(xp):  # x / 0 where a masked-out branch divides by a zero count
        quotient = xp.true_divide(num, den)
        return xp.trunc(quotient).astype(dtype) if np.dtype(dtype).kind in "iu" else \
            quotient.astype(dtype)


def put_along_axis_grad(xp: Any, x: Any, index: Any, value: Any, out: Any, out_grad: Any,
                        axis: int, reduce: str, include_self: bool, x_grad: Any | None,
                        value_grad: Any | None) -> None:
    """put_along_axis's gradients as Paddle 3.3.1's CPU kernel gives them, with t(p) the
    target of index position p, g = out_grad and v(p) = value at p:

    - x_grad: g, zero at every target when `reduce` is assign or without `include_self`;
      else (mul) g * out / x at the targets; (amin / amax) at a target, 0 where out != x,
      else g / (1 + the number of values equal to out there); (mean) g / (1 + the number of
      values put there); (add) g.
    - value_grad (index's dims): (assign) g[t(p)] for the last p of each target, 0 for the
      ones it overwrote; (add) g[t(p)]; (mean) g[t(p)] / (include_self + the number of
      values put there); (mul) g[t(p)] * out[t(p)] / v(p); (amin / amax) where v(p) equals
      out[t(p)], g[t(p)] shared among the equal values (and x too where out equals x),
      else 0.
    """
    reduce = PutReduce.parse(reduce)
    along_axis_check("put_along_axis_grad", out_grad.shape, index.shape, axis)
    index = xp.asarray(index)  # as given: host or device
    coords = along_axis_coords(xp, "put_along_axis_grad", index, axis,
                               int(out_grad.shape[axis]))
    size = int(out_grad.size)
    targets = xp.ravel_multi_index(xp.broadcast_arrays(*coords), out_grad.shape).reshape(-1) \
        if index.size else xp.zeros(0, np.int64)
    g, o, xs = out_grad.reshape(-1), out.reshape(-1), x.reshape(-1)
    v = value[tuple(slice(0, n) for n in index.shape)].reshape(-1)
    g_t, o_t = g[targets], o[targets]
    extreme = reduce in (PutReduce.AMIN, PutReduce.AMAX)
    equal = o_t == v
    ties = xp.bincount(targets[equal], minlength=size) if extreme else None
    puts = xp.bincount(targets, minlength=size)
    if x_grad is not None:
        flat = x_grad.reshape(-1)
        flat[...] = g
        if reduce is PutReduce.ASSIGN or not include_self:
            flat[targets] = 0
        elif reduce in (PutReduce.MUL, PutReduce.MULTIPLY):
            flat[targets] = _divided(xp, g_t * o_t, xs[targets], flat.dtype)
        elif extreme:
            hit = puts > 0
            kept = _divided(xp, g, ties + 1, flat.dtype)
            flat[hit] = xp.where(o[hit] == xs[hit], kept[hit], 0)
        elif reduce is PutReduce.MEAN:
            hit = puts > 0
            flat[hit] = _divided(xp, g[hit], puts[hit] + 1, flat.dtype)
    if value_grad is None:
        return
    grad = value_grad.reshape(-1)
    if reduce is PutReduce.ASSIGN:
        grad[...] = 0
        unique, last = last_wins(xp, targets)
        grad[last] = g[unique]
    elif reduce is PutReduce.ADD:
        grad[...] = g_t
    elif reduce is PutReduce.MEAN:
        grad[...] = _divided(xp, g_t, puts[targets] + int(include_self), grad.dtype)
    elif reduce in (PutReduce.MUL, PutReduce.MULTIPLY):
        grad[...] = _divided(xp, g_t * o_t, v, grad.dtype)
    else:
        shared = ties[targets] + (o_t == xs[targets])
        grad[...] = xp.where(equal, _divided(xp, g_t, shared, grad.dtype), 0)


def index_sample_grad(xp: Any, index: Any, out_grad: Any, x_grad: Any) -> None:
    """x_grad[i, index[i, j]] += out_grad[i, j]."""
    ids = checked_ids(xp, "index_sample_grad", xp.asarray(index), int(x_grad.shape[1]),
                      negative=False)
    x_grad[...] = 0
    rows = xp.arange(ids.shape[0]).reshape(-1, 1)
    xp.add.at(x_grad, (rows, ids), out_grad)


def masked_select_grad(xp: Any, mask: Any, y_grad: Any, x_grad: Any) -> None:
    """y_grad put back where mask (broadcast with x) holds, zero elsewhere, summed over the
    dims x was broadcast along."""
    dims = broadcast_dims("masked_select_grad", x_grad.shape, mask.shape)
    full = xp.zeros(dims, y_grad.dtype)
    full[xp.broadcast_to(as_mask(mask), dims)] = y_grad
    sum_to(xp, full, x_grad.shape, -1, x_grad)


def masked_fill_grad(xp: Any, mask: Any, out_grad: Any, x_grad: Any | None,
                     value_grad: Any | None) -> None:
    """x_grad = out_grad where mask does not hold, summed back to x's dims; value_grad = the
    sum of out_grad where it holds."""
    hit = xp.broadcast_to(as_mask(mask), out_grad.shape)
    zero = xp.zeros((), out_grad.dtype)
    if x_grad is not None:
        sum_to(xp, xp.where(hit, zero, out_grad), x_grad.shape, -1, x_grad)
    if value_grad is not None:
        value_grad[...] = xp.sum(xp.where(hit, out_grad, zero)).reshape(value_grad.shape)
