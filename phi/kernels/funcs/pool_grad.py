"""Gradients of the pool family's ops (lp_pool2d, fractional_max_pool2d / 3d), as Paddle
3.3.1's CPU grad kernels compute them.

lp_pool2d: with pooling_type "max" or norm_type +inf the forward is max pooling, with
"avg" average pooling, and the grad is theirs (phi.kernels.funcs.vision_pool_grad's
pool_nd_grad). Otherwise each output's gradient reaches every element x of its window
(the forward's windows, padding left out) as Out@GRAD * (x / out) ** (norm_type - 1),
Paddle's `powf` of the ratio taken in float64 and rounded to float32 (float64 gradients
carry float32 precision, as the forward's). A zero output (a window of zeros) gives 0 / 0:
NaN, as in Paddle.

fractional_max_pool2d / 3d: Out@GRAD added at the mask index, as the with-index pools.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import quiet
from phi.kernels.funcs.conv import is_channel_last
from phi.kernels.funcs.pooling_nd import Windows, pool_layout
from phi.kernels.funcs.vision_pool_grad import max_pool_with_index_grad, pool_nd_grad, scatter


def lp_pool2d_grad(xp: Any, x: Any, out: Any, out_grad: Any, kernel_size: Sequence[int],
                   strides: Sequence[int], paddings: Sequence[int], ceil_mode: bool,
                   exclusive: bool, data_format: str, pooling_type: str,
                   global_pooling: bool, adaptive: bool, padding_algorithm: str,
                   norm_type: float, x_grad: Any) -> None:
    """x_grad of lp_pool2d(x) (x's dims), given its `out` and `out_grad`."""
    if norm_type == math.inf or pooling_type in ("max", "avg"):
        kind = "max" if norm_type == math.inf else pooling_type
        pool_nd_grad(xp, x, out, out_grad, kernel_size, strides, paddings, ceil_mode,
                     exclusive, data_format, kind, global_pooling, adaptive,
                     padding_algorithm, x_grad, "lp_pool2d_grad")
        return
    channel_last = is_channel_last(data_format)
    lay = pool_layout(tuple(x.shape), tuple(out_grad.shape), channel_last, tuple(kernel_size),
                      tuple(strides), tuple(paddings), bool(global_pooling), bool(adaptive),
                      padding_algorithm, "avg", True, "lp_pool2d_grad")
    xc, oc, gc = (xp.moveaxis(a, -1, 1) if channel_last else a for a in (x, out, out_grad))
    rows = int(xc.shape[0]) * int(xc.shape[1])
    points, size = math.prod(lay.outs), math.prod(lay.spatial)
    win = Windows(lay.spatial, lay.outs, lay.ksize, lay.strides, lay.pads, lay.adapts)
    taps = win.taps()
    valid = xp.asarray(win.valid.reshape(points, taps))
    where = xp.asarray(np.broadcast_to(win.flat_index, win.valid.shape).reshape(points, taps))
    values = win.gather(xp, xc).reshape(rows, points, taps).astype(np.float64)
    with quiet(xp):
        ratio = (values / oc.reshape(rows, points, 1).astype(np.float64)).astype(np.float32)
        factor = xp.power(ratio, np.float32(np.float32(norm_type) - np.float32(1)))
        share = (gc.reshape(rows, points, 1).astype(np.float64) * factor).astype(x.dtype)
    share = xp.where(valid, share, x.dtype.type(0))
    grad = scatter(xp, xp.broadcast_to(where, share.shape), share, rows, size)
    grad = grad.astype(x_grad.dtype, copy=False).reshape(
        int(xc.shape[0]), int(xc.shape[1]), *lay.spatial)
    x_grad[...] = xp.moveaxis(grad, 1, -1) if channel_last else grad


def fractional_max_pool_grad(xp: Any, mask: Any, out_grad: Any, x_grad: Any) -> None:
    """x_grad of fractional_max_pool{2,3}d: Out@GRAD added at the mask indices."""
    max_pool_with_index_grad(xp, mask, out_grad, x_grad)
