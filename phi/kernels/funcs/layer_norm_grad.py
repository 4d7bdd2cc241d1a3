"""The gradient of layer normalization, from the forward's saved Mean and Variance.

With x_hat = (x - mean) / sqrt(var + eps) per leading row and g = dy * scale (dy without
a scale): dbias = column sums of dy, dscale = column sums of dy * x_hat and
dx = (g - mean(g) - x_hat * mean(g * x_hat)) / sqrt(var + eps), row means. Computed in
x's type, as Paddle's CPU kernel does (float32 and float64).
"""

from __future__ import annotations

from typing import Any

from phi.kernels.funcs.layer_norm import check_begin_norm_axis, flatten_at


def check_scale_grad(scale: Any | None, x_grad: Any | None, scale_grad: Any | None) -> None:
    """Refuse dx through a Scale whose own gradient is not asked for: Paddle 3.3.1's CPU
    layer_norm_grad then leaves Scale out of dx (a wrong gradient), so no answer here
    would be both right and Paddle's."""
    if scale is not None and x_grad is not None and scale_grad is None:
        raise ValueError(
            "layer_norm_grad: X@GRAD through a Scale whose Scale@GRAD is not asked for; "
            "Paddle 3.3.1's CPU kernel drops Scale from X@GRAD there (a wrong gradient), so "
            "fluidphi refuses rather than answer differently: let Scale take a gradient")


def layer_norm_grad(xp: Any, x: Any, scale: Any | None, mean: Any, variance: Any, dy: Any,
                    epsilon: float, begin_norm_axis: int, dx: Any | None,
                    dscale: Any | None, dbias: Any | None) -> None:
    check_begin_norm_axis(x.ndim, begin_norm_axis)
    check_scale_grad(scale, dx, dscale)
    left, right = flatten_at(tuple(x.shape), begin_norm_axis)
    t = x.dtype.type
    rows = x.reshape(left, right)
    grads = dy.reshape(left, right)
    std = xp.sqrt(variance.reshape(left, 1).astype(x.dtype) + t(epsilon))
    x_hat = (rows - mean.reshape(left, 1).astype(x.dtype)) / std
    if dbias is not None:
        dbias[...] = grads.sum(axis=0).reshape(dbias.shape)
    if dscale is not None:
        dscale[...] = (grads * x_hat).sum(axis=0).reshape(dscale.shape)
    if dx is None:
        return
    g = grads if scale is None else grads * scale.reshape(1, right)
    centered = g - g.mean(axis=1, keepdims=True)
    centered -= x_hat * (g * x_hat).mean(axis=1, keepdims=True)
    dx[...] = (centered / std).reshape(dx.shape)
