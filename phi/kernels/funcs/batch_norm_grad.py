"""Gradient of batch_norm, as Paddle's CPU kernel computes it.

With batch statistics (training: the forward saved the batch mean and 1 / sqrt(var + eps)):

    x_grad = scale * inv_std / m * (m * dy - sum(dy) - (x - mean) * inv_std * sum((x - mean)
             * inv_std * dy))            (m = elements per channel; x_grad = dy when m == 1)

With global statistics (is_test or use_global_stats: the running mean and variance, which
the grad op reads as MeanOut / VarianceOut): x_grad = scale * inv_std * dy. In both,
scale_grad = sum((x - mean) * inv_std * dy) and bias_grad = sum(dy) per channel.
"""

from __future__ import annotations

from typing import Any

from phi.kernels.funcs.batch_norm import _compute_dtype, channel_axis


def batch_norm_grad(xp: Any, x: Any, scale: Any | None, mean: Any | None,
                    variance: Any | None, saved_mean: Any | None, saved_inv_std: Any | None,
                    y_grad: Any, epsilon: float, data_layout: str, use_global_stats: bool,
                    x_grad: Any | None, scale_grad: Any | None, bias_grad: Any | None) -> None:
    """Gradients of x, scale and bias (each None when not asked for)."""
    axis = channel_axis(x.ndim, data_layout)
    c = int(x.shape[axis])
    ctype = _compute_dtype(x.dtype)
    t = ctype.type
    shape = [1] * x.ndim
    shape[axis] = -1
    others = tuple(i for i in range(x.ndim) if i != axis)
    count = x.size // max(c, 1)
    if use_global_stats:
        if mean is None or variance is None:
            raise ValueError("batch_norm_grad: global statistics need the running mean and "
                             "variance (MeanOut / VarianceOut)")
        m = mean.astype(ctype, copy=False)
        inv_std = t(1) / xp.sqrt(variance.astype(ctype, copy=False) + t(epsilon))
    else:
        if saved_mean is None or saved_inv_std is None:
            raise ValueError("batch_norm_grad: batch statistics need SavedMean and "
                             "SavedVariance from the forward op")
        m = saved_mean.astype(ctype, copy=False)
        inv_std = saved_inv_std.astype(ctype, copy=False)
    s = xp.ones((c,), dtype=ctype) if scale is None else scale.astype(ctype, copy=False)
    dy = y_grad.astype(ctype, copy=False)
    centered = x.astype(ctype, copy=False) - m.reshape(shape)
    dy_sum = dy.sum(axis=others)
    xhat_dy_sum = (centered * inv_std.reshape(shape) * dy).sum(axis=others)
    if scale_grad is not None:
        scale_grad[...] = xhat_dy_sum
    if bias_grad is not None:
        bias_grad[...] = dy_sum
    if x_grad is None:
        return
    if use_global_stats:
        x_grad[...] = (s * inv_std).reshape(shape) * dy
    elif count == 1:
        x_grad[...] = dy
    else:
        coef = (s * inv_std / t(count)).reshape(shape)
        x_grad[...] = coef * (dy * t(count) - dy_sum.reshape(shape)
                              - centered * (xhat_dy_sum * inv_std).reshape(shape))
