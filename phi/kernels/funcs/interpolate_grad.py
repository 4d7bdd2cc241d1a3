"""The *_interp grads: X@GRAD is Out@GRAD scattered back through the forward's weights.

Every resampling of `interpolate` is separable: output position (k_0, k_1, ...) reads
input positions i_a(k_a) of each spatial axis `a` with weight w_a(k_a), summed over a few
taps per axis (nearest: one tap of weight 1; linear: two; bicubic: four). Its adjoint is
therefore one scatter-add per axis: for each tap, the gradient times the tap's weight,
added at the tap's source index (`adjoint_axis`), axis after axis. The taps are the
forward's (`interp_sampling`), as Paddle 3.3.1's grad kernels compute them, with two of
their differences from the forward: every source position of a linear or cubic method and
the 1-D kernel's weights are float32 (the forward computes the bilinear height axis's and
the bicubic centres in float64, its 1-D weights in the element's type).

As in Paddle, an output of X's spatial dims passes the gradient through unchanged, the
output size is resolved from the same attributes and tensors as the forward's, and the sums
run in float32 for float16 / bfloat16 (float64 for float64) before one rounding.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs import interp_sampling as sampling
from phi.kernels.funcs.common import quiet
from phi.kernels.funcs.interpolate import (
    InterpMethod,
    Request,
    is_channel_last,
    parse_method,
)

#: One tap of an axis: source index per output position (-1: the output position reads
#: nothing through this tap), and its weight (None: 1).
Tap = tuple[np.ndarray, np.ndarray | None]


def adjoint_axis(xp: Any, grad: Any, taps: Sequence[Tap], axis: int, in_size: int) -> Any:
    """The adjoint of reading `in_size` positions along `axis` through `taps`: an array of
    `grad`'s dims with that axis `in_size` long, each tap's weighted gradient added at its
    source indices (in output order, as Paddle's loop adds them)."""
    shape = list(grad.shape)
    shape[axis] = in_size
    result = xp.zeros(shape, dtype=grad.dtype)
    moved = xp.moveaxis(result, axis, 0)
    rank_after = grad.ndim - axis - 1
    for idx, weight in taps:
        used = np.flatnonzero(idx >= 0)
        part = grad if used.size == idx.size else xp.take(grad, xp.asarray(used), axis=axis)
        if weight is not None:
            w = weight[used].astype(grad.dtype).reshape((-1,) + (1,) * rank_after)
            part = part * xp.asarray(w)
        xp.add.at(moved, xp.asarray(idx[used]), xp.moveaxis(part, axis, 0))
    return result


def _linear_taps(axis: sampling.LinearAxis) -> list[Tap]:
    return [(axis.i0, axis.w0), (axis.i1, axis.w1)]


def _taps(method: InterpMethod, in_size: int, out_size: int, ratio: np.float32,
          align_corners: bool, align_mode: int, work: np.dtype) -> list[Tap]:
    """The taps of one spatial axis, as Paddle's grad kernels compute them."""
    if method is InterpMethod.NEAREST:
        return [(sampling.nearest_index(in_size, out_size, ratio, align_corners), None)]
    if method is InterpMethod.BICUBIC:
        cubic = sampling.cubic_axis(in_size, out_size, ratio, align_corners, work,
                                    src_in_double=False)
        return list(zip(cubic.idx, cubic.coef))
    return _linear_taps(sampling.linear_axis(in_size, out_size, ratio, align_corners,
                                             align_mode))


def interpolate_grad(xp: Any, out_grad: Any, interp_method: str, req: Request,
                     align_corners: bool, align_mode: int, x_grad: Any) -> None:
    """x_grad (X's dims) = the adjoint of the resampling `req` describes, applied to
    `out_grad` (the forward output's dims; anything else is an error)."""
    method = parse_method(req.op_type, interp_method, x_grad.ndim)
    out_dims, plan = req.plan(x_grad.shape)
    if tuple(int(d) for d in out_grad.shape) != tuple(out_dims):
        raise ValueError(f"{req.op_type}: Out@GRAD has dims {list(out_grad.shape)}, but "
                         f"the forward's output for X of dims {list(x_grad.shape)} has dims "
                         f"{list(out_dims)}")
    channel_last = is_channel_last(req.data_layout)
    gc = xp.moveaxis(out_grad, -1, 1) if channel_last else out_grad
    xc = xp.moveaxis(x_grad, -1, 1) if channel_last else x_grad
    if xc.size == 0:
        return
    in_spatial = [int(d) for d in xc.shape[2:]]
    if in_spatial == list(plan.spatial):
        xp.copyto(xc, gc)  # Paddle copies the gradient through
        return
    rank = len(in_spatial)
    work = sampling.math_dtype_of(x_grad.dtype)
    acc = gc.astype(work)
    with quiet(xp):  # 0 * inf gives NaN, as in Paddle
        for a, (i, o, s) in enumerate(zip(in_spatial, plan.spatial, plan.scales)):
            ratio = sampling.axis_ratio(i, o, align_corners, s, rank)
            acc = adjoint_axis(xp, acc, _taps(method, i, o, ratio, align_corners, align_mode,
                                              work), 2 + a, i)
    sampling.store(xp, acc, xc)
