"""Gradients of the vision_norm family (phi.kernels.funcs.vision_norm): group_norm,
instance_norm, affine_channel, lrn and spectral_norm.

group_norm / instance_norm: with x_hat the normalised input and g = Y@GRAD * scale (scale
1 without Scale), per normalised set of M elements X@GRAD = inv_std * (g - sum(g) / M -
x_hat * sum(g * x_hat) / M); Scale@GRAD = sum(Y@GRAD * x_hat) and Bias@GRAD = sum(Y@GRAD)
per channel. group_norm's x_hat is (X - Mean) / sqrt(Variance + epsilon) from the forward's
statistics. Paddle 3.3.1's CPU group_norm_grad recovers x_hat from Y as (Y - Bias) / Scale
and drops the sum(g) term when there is no Scale (its X@GRAD is then not the derivative),
and gives a zero x_hat (so a zero Scale@GRAD) for a channel whose Scale is 0; fluidphi
computes the derivative in both cases. instance_norm reads SavedMean and SavedVariance
(1 / sqrt(var + epsilon)).

affine_channel: X@GRAD = Out@GRAD * Scale[c]; Scale@GRAD = sum(Out@GRAD * X), Bias@GRAD =
sum(Out@GRAD) per channel.

lrn: X@GRAD[c] = MidOut[c]^-beta * Out@GRAD[c] + sum over the n channels j centred on c of
-2 alpha beta * Out@GRAD[j] * Out[j] * X[c] / MidOut[j] (Paddle's functor, in its order).

spectral_norm: Out = W / sigma with sigma = u^T W v (u, v from the forward's power
iterations, constants), so W@GRAD = (G - u v^T * sum(G * W / sigma)) / sigma. Paddle
3.3.1's CPU kernel computes G * (1 - u v^T * sum(W / sigma)) / sigma instead, which is the
derivative only where Out@GRAD is constant (a sum loss); fluidphi computes the derivative.
"""

from __future__ import annotations

from typing import Any

from phi.kernels.funcs.common import quiet
from phi.kernels.funcs.vision_norm import group_norm_channel_last


def _param(xp: Any, p: Any | None, count: int, dtype: Any) -> Any:
    return xp.ones(count, dtype) if p is None else p.astype(dtype, copy=False)


def _norm_grad(xp: Any, x_hat: Any, dy: Any, gain: Any, inv_std: Any, axes: tuple) -> Any:
    """X@GRAD of y = x_hat * gain + shift over the normalised `axes` (module doc)."""
    g = dy * gain
    m = 1
    for a in axes:
        m *= int(x_hat.shape[a])
    with quiet(xp):
        mean_g = g.sum(axis=axes, keepdims=True) / x_hat.dtype.type(m)
        mean_gx = (g * x_hat).sum(axis=axes, keepdims=True) / x_hat.dtype.type(m)
        return inv_std * (g - mean_g - x_hat * mean_gx)


def group_norm_grad(xp: Any, x: Any, scale: Any | None, mean: Any, variance: Any,
                    y_grad: Any, epsilon: float, groups: int, data_layout: str,
                    x_grad: Any | None, scale_grad: Any | None,
                    bias_grad: Any | None) -> None:
    """X@GRAD, Scale@GRAD, Bias@GRAD (each may be None) of group_norm."""
    dtype = x.dtype
    n = int(x.shape[0])
    channel_last = group_norm_channel_last(data_layout)
    c = int(x.shape[-1] if channel_last else x.shape[1])
    cg = c // groups

    def grouped(a: Any) -> Any:  # -> [N, G, C / G, S]
        if channel_last:
            return a.reshape(n, -1, groups, cg).transpose(0, 2, 3, 1)
        return a.reshape(n, groups, cg, -1)

    xg, dyg = grouped(x), grouped(y_grad)
    with quiet(xp):
        inv = (dtype.type(1) / xp.sqrt(variance.reshape(n, groups) + dtype.type(epsilon)))
        inv = inv[:, :, None, None]
        x_hat = (xg - mean.reshape(n, groups)[:, :, None, None]) * inv
    gain = _param(xp, scale, c, dtype).reshape(1, groups, cg, 1)
    if x_grad is not None:
        dx = _norm_grad(xp, x_hat, dyg, gain, inv, (2, 3))
        if channel_last:
            dx = dx.transpose(0, 3, 1, 2)
        x_grad[...] = dx.reshape(x_grad.shape)
    if scale_grad is not None:
        scale_grad[...] = (dyg * x_hat).sum(axis=(0, 3)).reshape(c)
    if bias_grad is not None:
        bias_grad[...] = dyg.sum(axis=(0, 3)).reshape(c)


def instance_norm_grad(xp: Any, x: Any, scale: Any | None, saved_mean: Any,
                       saved_variance: Any, y_grad: Any, x_grad: Any | None,
                       scale_grad: Any | None, bias_grad: Any | None) -> None:
    """X@GRAD, Scale@GRAD, Bias@GRAD (each may be None) of instance_norm."""
    dtype = x.dtype
    n, c = int(x.shape[0]), int(x.shape[1])
    if x.size == 0:
        for out in (x_grad, scale_grad, bias_grad):
            if out is not None:
                out[...] = 0
        return
    rows, dy = x.reshape(n, c, -1), y_grad.reshape(n, c, -1)
    inv = saved_variance.reshape(n, c, 1)
    x_hat = (rows - saved_mean.reshape(n, c, 1)) * inv
    if x_grad is not None:
        gain = _param(xp, scale, c, dtype).reshape(1, c, 1)
        x_grad[...] = _norm_grad(xp, x_hat, dy, gain, inv, (2,)).reshape(x_grad.shape)
    if scale_grad is not None:
        scale_grad[...] = (dy * x_hat).sum(axis=(0, 2))
    if bias_grad is not None:
        bias_grad[...] = dy.sum(axis=(0, 2))


def affine_channel_grad(xp: Any, x: Any, scale: Any, out_grad: Any, data_layout: str,
                        x_grad: Any | None, scale_grad: Any | None,
                        bias_grad: Any | None) -> None:
    """X@GRAD, Scale@GRAD, Bias@GRAD (each may be None) of affine_channel."""
    axis = 1 if data_layout == "NCHW" else x.ndim - 1
    shape = [1] * x.ndim
    shape[axis] = -1
    others = tuple(a for a in range(x.ndim) if a != axis)
    if x_grad is not None:
        xp.multiply(out_grad, scale.reshape(shape), out=x_grad)
    if scale_grad is not None:
        scale_grad[...] = (out_grad * x).sum(axis=others)
    if bias_grad is not None:
        bias_grad[...] = out_grad.sum(axis=others)


def lrn_grad(xp: Any, x: Any, out: Any, mid_out: Any, out_grad: Any, n: int, alpha: float,
             beta: float, data_format: str, x_grad: Any) -> None:
    """X@GRAD of lrn (module doc), channels at axis 1 (axis 3 for "NHWC")."""
    axis = 3 if data_format == "NHWC" else 1
    t = x.dtype.type
    channels, pre = int(x.shape[axis]), (n - 1) // 2
    ratio = t(-2) * t(alpha) * t(beta)
    with quiet(xp):
        xp.multiply(xp.power(mid_out, t(-beta)), out_grad, out=x_grad)
        # term[j] = ratio * Out@GRAD[j] * Out[j], divided by MidOut[j] per channel c's x
        term = ratio * out_grad * out
        for offset in range(-pre, n - pre):
            lo, hi = max(0, -offset), min(channels, channels - offset)  # c with c+offset in range
            if lo >= hi:
                continue
            target = [slice(None)] * x.ndim
            source = [slice(None)] * x.ndim
            target[axis], source[axis] = slice(lo, hi), slice(lo + offset, hi + offset)
            tgt, src = tuple(target), tuple(source)
            x_grad[tgt] += term[src] * x[tgt] / mid_out[src]


def spectral_norm_grad(xp: Any, weight: Any, u: Any, v: Any, out_grad: Any, dim: int,
                       power_iters: int, eps: float, weight_grad: Any) -> None:
    """Weight@GRAD of spectral_norm (the derivative; module doc)."""
    moved = xp.moveaxis(weight, dim, 0)
    h, w = int(u.size), int(v.size)
    mat = moved.reshape(h, w)
    g = xp.moveaxis(out_grad, dim, 0).reshape(h, w)
    t = weight.dtype.type
    uu, vv = u.reshape(-1), v.reshape(-1)
    with quiet(xp):
        for _ in range(power_iters):
            vv = mat.T @ uu
            vv = vv / (xp.sqrt(xp.sum(vv * vv)) + t(eps))
            uu = mat @ vv
            uu = uu / (xp.sqrt(xp.sum(uu * uu)) + t(eps))
        sigma = xp.sum(uu * (mat @ vv))
        grad = (g - xp.outer(uu, vv) * xp.sum(g * (mat / sigma))) / sigma
    xp.moveaxis(weight_grad, dim, 0)[...] = grad.reshape(moved.shape)
