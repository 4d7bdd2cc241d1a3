"""Gradients of the N-d pooling ops of phi.kernels.funcs.pooling_nd (pool3d,
max_pool{2,3}d_with_index, unpool / unpool3d) and of maxout, as Paddle's CPU grad kernels
compute them.

* pool3d max: each output's gradient goes to the first element (row-major over the window,
  the window clipped to the input) equal to the output; none when no element equals it (a
  NaN output, or the -FLT_MAX floor of a window of -inf). The windows are the forward's
  (`pool_layout`: max with `adaptive` keeps plain ksize windows).
* pool3d avg: each output's gradient times 1 / the forward's divisor, that factor rounded
  to float32 for every dtype (Paddle's 1.0f / pool_size, as pool2d_grad), added to every
  element of its window.
* with index: each output's gradient is added at its Mask index (flat over the input's
  spatial dims); a Mask of -1 (no element beat -FLT_MAX: Paddle writes out of bounds there)
  adds nothing.
* unpool: each element gets Out@GRAD at its index (see `unpool_grad` for repeats).
* maxout: each output's gradient goes to the first channel of its group equal to the
  output (none for a NaN output or the -FLT_MAX of a group of -inf).

Gradients are scattered with one `bincount` per call (sums in float64, then rounded to the
gradient's dtype); float16 is computed in float32.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.activation import maxout_axis
from phi.kernels.funcs.common import compute_dtype
from phi.kernels.funcs.conv import is_channel_last
from phi.kernels.funcs.pooling_grad import avg_scale
from phi.kernels.funcs.pooling_nd import POOLING_TYPES, Windows, pool_layout


def scatter(xp: Any, index: Any, values: Any, rows: int, size: int) -> Any:
    """[rows, size] sums of `values` [rows, ...] at `index` (same shape, in [0, size))."""
    count = math.prod(int(d) for d in index.shape[1:])
    flat = index.reshape(rows, count) + (xp.arange(rows, dtype=np.int64) * size)[:, None]
    return xp.bincount(flat.ravel(), weights=values.reshape(rows, count).ravel(),
                       minlength=rows * size).reshape(rows, size)


def _store(xp: Any, grad: Any, x_grad: Any, channel_last: bool) -> None:
    """`grad` [N * C, spatial] into x_grad (channel-first or -last)."""
    dims = [int(d) for d in x_grad.shape]
    if channel_last:
        dims = [dims[0], dims[-1], *dims[1:-1]]
    grad = grad.reshape(dims)
    x_grad[...] = xp.moveaxis(grad, 1, -1) if channel_last else grad


def pool_nd_grad(xp: Any, x: Any, out: Any, out_grad: Any, kernel_size: Sequence[int],
                 strides: Sequence[int], paddings: Sequence[int], ceil_mode: bool,
                 exclusive: bool, data_format: str, pooling_type: str, global_pooling: bool,
                 adaptive: bool, padding_algorithm: str, x_grad: Any,
                 op: str = "pool3d_grad") -> None:
    """x_grad of pool_nd(x) (x's dims), given its `out` and `out_grad`."""
    if pooling_type not in POOLING_TYPES:
        raise ValueError(f"{op}: pooling_type must be 'max' or 'avg', got {pooling_type!r}")
    channel_last = is_channel_last(data_format)
    lay = pool_layout(tuple(x.shape), tuple(out_grad.shape), channel_last, tuple(kernel_size),
                      tuple(strides), tuple(paddings), bool(global_pooling), bool(adaptive),
                      padding_algorithm, pooling_type, bool(exclusive), op)
    ctype = compute_dtype(out_grad.dtype)
    xc, oc, gc = (xp.moveaxis(a, -1, 1) if channel_last else a for a in (x, out, out_grad))
    gc = gc.astype(ctype, copy=False)
    rows = int(xc.shape[0]) * int(xc.shape[1])
    points, size = math.prod(lay.outs), math.prod(lay.spatial)
    win = Windows(lay.spatial, lay.outs, lay.ksize, lay.strides, lay.pads, lay.adapts)
    shape = win.valid.shape
    taps = win.taps()
    valid = xp.asarray(win.valid.reshape(points, taps))
    where = xp.asarray(np.broadcast_to(win.flat_index, shape).reshape(points, taps))
    g = gc.reshape(rows, points)
    if pooling_type == "max":
        values = win.gather(xp, xc).reshape(rows, points, taps)
        hits = (values == oc.reshape(rows, points, 1)) & valid
        pick = xp.argmax(hits, axis=-1)
        index = xp.take_along_axis(xp.broadcast_to(where, hits.shape), pick[..., None],
                                   axis=-1)[..., 0]
        grad = scatter(xp, index, xp.where(hits.any(axis=-1), g, ctype.type(0)), rows, size)
    else:
        count = win.exclusive_count if lay.exclusive or adaptive else win.inclusive_count
        share = g * avg_scale(xp, xp.asarray(count.reshape(points)), ctype)
        spread = xp.where(valid, share[..., None], ctype.type(0))
        grad = scatter(xp, xp.broadcast_to(where, spread.shape), spread, rows, size)
    _store(xp, grad.astype(x_grad.dtype, copy=False), x_grad, channel_last)


def max_pool_with_index_grad(xp: Any, mask: Any, out_grad: Any, x_grad: Any) -> None:
    """x_grad of max_pool{2,3}d_with_index: out_grad added at the Mask indices."""
    rows = int(x_grad.shape[0]) * int(x_grad.shape[1])
    size = math.prod(int(d) for d in x_grad.shape[2:])
    points = math.prod(int(d) for d in mask.shape[2:])
    index = mask.reshape(rows, points).astype(np.int64)
    picked = index >= 0
    g = out_grad.reshape(rows, points)
    grad = scatter(xp, xp.where(picked, index, 0), xp.where(picked, g, g.dtype.type(0)),
                    rows, size)
    x_grad[...] = grad.reshape(x_grad.shape).astype(x_grad.dtype, copy=False)


def maxout_grad(xp: Any, x: Any, out: Any, out_grad: Any, groups: int, axis: int,
                x_grad: Any) -> None:
    """x_grad of maxout(x): out_grad at the first channel of each group equal to out."""
    axis = maxout_axis(axis)
    shape = list(out.shape)
    shape.insert(axis + 1, int(groups))  # channel c * groups + g -> (c, g)
    parts = x.reshape(shape)
    hits = parts == xp.expand_dims(out, axis + 1)
    pick = xp.expand_dims(xp.argmax(hits, axis=axis + 1), axis + 1)
    rank = [1] * len(shape)
    rank[axis + 1] = int(groups)
    chosen = (xp.arange(int(groups)).reshape(rank) == pick) & hits
    grad = xp.where(chosen, xp.expand_dims(out_grad, axis + 1), out_grad.dtype.type(0))
    x_grad[...] = grad.reshape(x.shape)


def unpool_grad(xp: Any, indices: Any, out_grad: Any, x_grad: Any, op: str = "unpool_grad"
                ) -> None:
    """x_grad of unpool / unpool3d: Out@GRAD at each element's index, for the element whose
    value the forward kept there (the last of a repeated index; the others get 0). Paddle
    3.3.1's grad gives every element of a repeated index that gradient."""
    rows = int(x_grad.shape[0]) * int(x_grad.shape[1])
    size = math.prod(int(d) for d in out_grad.shape[2:])
    count = math.prod(int(d) for d in x_grad.shape[2:])
    if x_grad.size == 0:
        return
    idx = indices.reshape(rows, count).astype(np.int64)
    bad = (idx < 0) | (idx >= size)
    if bool(bad.any()):
        raise ValueError(f"{op}: index {int(idx[bad][0])} lies outside the output's {size} "
                         f"elements (Out@GRAD dims {list(out_grad.shape)})")
    keys = (idx + (xp.arange(rows, dtype=np.int64) * size)[:, None]).reshape(-1)
    _, first = xp.unique(keys[::-1], return_index=True)
    kept = xp.zeros(keys.shape, dtype=bool)
    kept[keys.size - 1 - first] = True
    values = out_grad.reshape(-1)[keys]
    x_grad[...] = xp.where(kept, values, out_grad.dtype.type(0)).reshape(x_grad.shape)
