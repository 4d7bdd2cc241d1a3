"""interp_antialias's grad: x_grad is output_grad passed back through the forward's two
separable filter passes in reverse (height, then width), each the scatter-add adjoint of
its pass (`interpolate_grad.adjoint_axis`) over the forward's spans and normalised
weights (`interp_antialias.aa_weights`), as Paddle 3.3.1's CPU grad kernel computes it:
sums in float32 (float64 for float64), the buffer between the passes rounded to x's type.
Equal input and output sizes copy the gradient.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from phi.kernels.funcs.common import compute_dtype, quiet
from phi.kernels.funcs.interp_antialias import aa_ratio, aa_weights, check_method
from phi.kernels.funcs.interp_sampling import store
from phi.kernels.funcs.interpolate import Request, is_channel_last
from phi.kernels.funcs.interpolate_grad import Tap, adjoint_axis


def _taps(xmin: np.ndarray, valid: np.ndarray, w: np.ndarray) -> list[Tap]:
    """One tap per filter position: index xmin + k where the span reaches it, else -1."""
    return [(np.where(valid[:, k], xmin + k, -1), w[:, k]) for k in range(w.shape[1])]


def interp_antialias_grad(xp: Any, out_grad: Any, method: str, req: Request,
                          align_corners: bool, align_mode: int, x_grad: Any) -> None:
    """x_grad (x's 4-D dims) from out_grad (the forward output's dims); align_mode is
    unused, as in the forward."""
    check_method(method)
    if x_grad.ndim != 4:
        raise ValueError(f"interp_antialias_grad: x must be 4-D, got dims "
                         f"{list(x_grad.shape)}")
    out_dims, plan = req.plan(x_grad.shape)
    if tuple(int(d) for d in out_grad.shape) != tuple(out_dims):
        raise ValueError(f"interp_antialias_grad: output@GRAD has dims "
                         f"{list(out_grad.shape)}, but the forward's output for x of dims "
                         f"{list(x_grad.shape)} has dims {list(out_dims)}")
    channel_last = is_channel_last(req.data_layout)
    gc = xp.moveaxis(out_grad, -1, 1) if channel_last else out_grad
    xc = xp.moveaxis(x_grad, -1, 1) if channel_last else x_grad
    if xc.size == 0:
        return
    (in_h, in_w), (out_h, out_w) = xc.shape[2:], gc.shape[2:]
    if (in_h, in_w) == (out_h, out_w):
        xp.copyto(xc, gc)
        return
    dtype = np.dtype(x_grad.dtype)
    wt = compute_dtype(dtype).type
    ratio_h, ratio_w = (aa_ratio(i, o, align_corners, s, dtype)
                        for i, o, s in zip((in_h, in_w), (out_h, out_w), plan.scales))
    with quiet(xp):
        temp = adjoint_axis(xp, gc.astype(wt), _taps(*aa_weights(method, in_h, out_h, ratio_h,
                                                                  wt)), 2, in_h)
        temp = temp.astype(dtype).astype(wt)  # Paddle's buffer between the passes is x's type
        store(xp, adjoint_axis(xp, temp, _taps(*aa_weights(method, in_w, out_w, ratio_w, wt)),
                               3, in_w), xc)
