"""Grads of the indexing family shared by the PHI and legacy kernels: index_select,
gather_nd, scatter, take_along_axis, index_sample, masked_select and masked_fill.

A gather's gradient scatters the output gradient back, adding where ids repeat; a scatter's
passes the output gradient through except where it wrote. Every function writes into the
gradient buffers it is given (None: not asked for), whose dims are the forward inputs'.
Functions of `xp` (NumPy or CuPy).
"""

from __future__ import annotations

from typing import Any

from phi.common import DataType
from phi.kernels.funcs.elementwise import sum_to
from phi.kernels.funcs.indexing import (
    along_axis_check,
    along_axis_coords,
    broadcast_dims,
    checked_ids,
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
INDEX_SAMPLE_GRAD_TYPES = [*_INTS, *_FLOATS, *_COMPLEX]
MASKED_GRAD_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, *_INTS,
                     DataType.FLOAT16, DataType.BFLOAT16, *_FLOATS, *_COMPLEX]
MASKED_GRAD_GPU_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, *_INTS,
                         DataType.FLOAT16, *_FLOATS, *_COMPLEX]


def index_select_grad(xp: Any, index: Any, out_grad: Any, dim: int, x_grad: Any) -> None:
    """x_grad = out_grad's slices added back at `index` along `dim` (repeats add up)."""
    dim = normalize_axis("index_select_grad", dim, x_grad.ndim)
    ids = checked_ids(xp, "index_select_grad", index.reshape(-1), int(x_grad.shape[dim]))
    x_grad[...] = 0
    xp.add.at(xp.moveaxis(x_grad, dim, 0), ids, xp.moveaxis(out_grad, dim, 0))


def gather_nd_grad(xp: Any, index: Any, out_grad: Any, x_grad: Any) -> None:
    """x_grad = out_grad added back at the places index names (an index of last dim 0 took
    all of x for every leading position: their gradients add up)."""
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
    flat = scatter_ids(xp, ids, int(out_grad.shape[0]) if out_grad.ndim else 0)
    if x_grad is not None:
        x_grad[...] = out_grad
        x_grad[flat] = 0
    if updates_grad is not None:
        updates_grad[...] = out_grad[flat].reshape(updates_grad.shape)


def take_along_axis_grad(xp: Any, index: Any, result_grad: Any, axis: int,
                         input_grad: Any) -> None:
    """input_grad = result_grad added back at the places index names along `axis`."""
    along_axis_check("take_along_axis_grad", input_grad.shape, index.shape, axis)
    input_grad[...] = 0
    if index.size:
        coords = along_axis_coords(xp, "take_along_axis_grad", index, axis,
                                   int(input_grad.shape[axis]))
        xp.add.at(input_grad, coords, result_grad)


def index_sample_grad(xp: Any, index: Any, out_grad: Any, x_grad: Any) -> None:
    """x_grad[i, index[i, j]] += out_grad[i, j]."""
    ids = checked_ids(xp, "index_sample_grad", index, int(x_grad.shape[1]), negative=False)
    x_grad[...] = 0
    rows = xp.arange(ids.shape[0]).reshape(-1, 1)
    xp.add.at(x_grad, (rows, ids), out_grad)


def masked_select_grad(xp: Any, mask: Any, y_grad: Any, x_grad: Any) -> None:
    """y_grad put back where mask (broadcast with x) holds, zero elsewhere, summed over the
    dims x was broadcast along."""
    dims = broadcast_dims("masked_select_grad", x_grad.shape, mask.shape)
    full = xp.zeros(dims, y_grad.dtype)
    full[xp.broadcast_to(mask, dims)] = y_grad
    sum_to(xp, full, x_grad.shape, -1, x_grad)


def masked_fill_grad(xp: Any, mask: Any, out_grad: Any, x_grad: Any | None,
                     value_grad: Any | None) -> None:
    """x_grad = out_grad where mask does not hold, summed back to x's dims; value_grad = the
    sum of out_grad where it holds."""
    hit = xp.broadcast_to(mask, out_grad.shape)
    zero = xp.zeros((), out_grad.dtype)
    if x_grad is not None:
        sum_to(xp, xp.where(hit, zero, out_grad), x_grad.shape, -1, x_grad)
    if value_grad is not None:
        value_grad[...] = xp.sum(xp.where(hit, out_grad, zero)).reshape(value_grad.shape)
