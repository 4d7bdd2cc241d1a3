"""2-D pooling entry points into the N-d pooling of phi.kernels.funcs.pooling_nd (window
rules documented there): pool2d's max / average pooling (plain, global, adaptive) and
lp_pool2d's power-average pooling.

lp_pool2d: (sum over the window's input elements of powf(x, p)) ** (1 / p) with
p = norm_type, as Paddle's LPPool functor: no absolute value (a negative element with a
fractional p, or a negative sum with an odd root, is NaN), padded places add nothing, the
powers taken in float32 (powf) for float64 too and summed in the element type. Paddle's
kernel pools by max where norm_type is +inf or pooling_type is "max", and averages where
pooling_type is "avg"; only otherwise does it take the power mean.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import Workspace, quiet
from phi.kernels.funcs.conv import is_channel_last
from phi.kernels.funcs.pooling_nd import Windows, pool_layout, pool_nd, pool_nd_out_dims


def pool2d_out_dims(x_dims: Sequence[int], kernel_size: Sequence[int], strides: Sequence[int],
                    paddings: Sequence[int], ceil_mode: bool, data_format: str,
                    global_pooling: bool, adaptive: bool,
                    padding_algorithm: str) -> tuple[int, ...]:
    return pool_nd_out_dims(x_dims, kernel_size, strides, paddings, ceil_mode, data_format,
                            global_pooling, adaptive, padding_algorithm, 2, "pool2d")


def pool2d(xp: Any, x: Any, kernel_size: Sequence[int], strides: Sequence[int],
           paddings: Sequence[int], ceil_mode: bool, exclusive: bool, data_format: str,
           pooling_type: str, global_pooling: bool, adaptive: bool, padding_algorithm: str,
           out: Any, workspace: Workspace | None = None) -> None:
    """out = pool2d(x); `out` has the dims `pool2d_out_dims` gives (scratch memory from
    `workspace`, fresh when None)."""
    pool_nd(xp, x, kernel_size, strides, paddings, ceil_mode, exclusive, data_format,
            pooling_type, global_pooling, adaptive, padding_algorithm, out, "pool2d",
            workspace)


def lp_pool2d(xp: Any, x: Any, kernel_size: Sequence[int], strides: Sequence[int],
              paddings: Sequence[int], ceil_mode: bool, exclusive: bool, data_format: str,
              pooling_type: str, global_pooling: bool, adaptive: bool, padding_algorithm: str,
              norm_type: float, out: Any, workspace: Workspace | None = None) -> None:
    """out = lp_pool2d(x) (the module doc); `out` has `pool2d_out_dims`."""
    if norm_type == math.inf or pooling_type in ("max", "avg"):
        kind = "max" if norm_type == math.inf else pooling_type
        pool_nd(xp, x, kernel_size, strides, paddings, ceil_mode, exclusive, data_format,
                kind, global_pooling, adaptive, padding_algorithm, out, "lp_pool2d",
                workspace)
        return
    channel_last = is_channel_last(data_format)
    lay = pool_layout(tuple(x.shape), tuple(out.shape), channel_last, tuple(kernel_size),
                      tuple(strides), tuple(paddings), bool(global_pooling), bool(adaptive),
                      padding_algorithm, "avg", True, "lp_pool2d")
    xc = xp.moveaxis(x, -1, 1) if channel_last else x
    win = Windows(lay.spatial, lay.outs, lay.ksize, lay.strides, lay.pads, lay.adapts)
    p = np.float32(norm_type)
    with quiet(xp), np.errstate(divide="ignore"):  # 1 / 0: an infinite root, as in C
        root = np.float32(np.float64(1.0) / np.float64(norm_type))
        powers = xp.power(win.gather(xp, xc).astype(np.float32), p).astype(x.dtype)
        sums = xp.where(xp.asarray(win.valid), powers, x.dtype.type(0)).sum(axis=(4, 5))
        result = xp.power(sums.astype(np.float32), root)
    out[...] = xp.moveaxis(result, 1, -1) if channel_last else result
