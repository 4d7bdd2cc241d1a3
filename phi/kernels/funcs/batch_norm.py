"""Batch normalization: with running (global) statistics, or with the batch's own.

Both forms fold the statistics into a per-channel affine map first
(new_scale = scale / sqrt(var + eps), new_bias = bias - mean * new_scale) and
then compute y = x * new_scale + new_bias, as Paddle's CPU kernel does.
Half-precision inputs are normalized in float32 (their parameters are float32).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np


def channel_axis(rank: int, data_layout: str) -> int:
    """NHWC-style layouts keep channels last; NCHW (and AnyLayout) at axis 1."""
    if rank < 2:
        raise ValueError(f"batch_norm wants an input of rank >= 2, got rank {rank}")
    return rank - 1 if data_layout in ("NHWC", "NDHWC", "NLC") else 1


def num_channels(x_dims: Sequence[int], data_layout: str) -> int:
    return int(x_dims[channel_axis(len(x_dims), data_layout)])


def _compute_dtype(dtype: Any) -> Any:
    return np.dtype(np.float32) if dtype.itemsize < 4 else dtype


def _params(xp: Any, c: int, ctype: Any, scale: Any | None, bias: Any | None) -> tuple[Any, Any]:
    s = xp.ones((c,), dtype=ctype) if scale is None else scale.astype(ctype, copy=False)
    b = xp.zeros((c,), dtype=ctype) if bias is None else bias.astype(ctype, copy=False)
    return s, b


def _affine(xp: Any, x: Any, axis: int, new_scale: Any, new_bias: Any, ctype: Any,
            y: Any) -> None:
    """y = x * new_scale + new_bias per channel; in place in `y` (which may be `x`) when
    x and y have the compute dtype: one multiply and one add, no temporaries."""
    shape = [1] * x.ndim
    shape[axis] = -1
    s, b = new_scale.reshape(shape), new_bias.reshape(shape)
    if x.dtype == ctype and y.dtype == ctype:
        xp.multiply(x, s, out=y)
        xp.add(y, b, out=y)
        return
    y[...] = x.astype(ctype, copy=False) * s + b


def batch_norm_infer(xp: Any, x: Any, mean: Any, variance: Any, scale: Any | None,
                     bias: Any | None, epsilon: float, data_layout: str, y: Any) -> None:
    """y = (x - mean) / sqrt(variance + epsilon) * scale + bias, per channel."""
    axis = channel_axis(x.ndim, data_layout)
    ctype = _compute_dtype(x.dtype)
    s, b = _params(xp, int(x.shape[axis]), ctype, scale, bias)
    m = mean.astype(ctype, copy=False)
    inv_std = ctype.type(1) / xp.sqrt(variance.astype(ctype, copy=False) + ctype.type(epsilon))
    new_scale = inv_std * s
    new_bias = b - m * inv_std * s
    _affine(xp, x, axis, new_scale, new_bias, ctype, y)


def batch_norm_train(xp: Any, x: Any, running_mean: Any, running_var: Any, scale: Any | None,
                     bias: Any | None, momentum: float, epsilon: float, data_layout: str,
                     y: Any, mean_out: Any, variance_out: Any, saved_mean: Any | None,
                     saved_inv_std: Any | None) -> None:
    """Normalize with the batch's statistics and update the running ones.

    saved_mean / saved_inv_std receive the batch mean and 1 / sqrt(batch var +
    eps); the running statistics move by `momentum`:
    running = running * momentum + batch * (1 - momentum).
    """
    axis = channel_axis(x.ndim, data_layout)
    ctype = _compute_dtype(x.dtype)
    s, b = _params(xp, int(x.shape[axis]), ctype, scale, bias)
    xc = x.astype(ctype, copy=False)
    reduce_axes = tuple(i for i in range(x.ndim) if i != axis)
    count = ctype.type(x.size // max(int(x.shape[axis]), 1))
    shape = [1] * x.ndim
    shape[axis] = -1
    batch_mean = xc.sum(axis=reduce_axes) / count
    centered = xc - batch_mean.reshape(shape)
    batch_var = (centered * centered).sum(axis=reduce_axes) / count
    inv_std = ctype.type(1) / xp.sqrt(batch_var + ctype.type(epsilon))
    mom = ctype.type(momentum)
    rest = ctype.type(1) - mom
    new_mean = running_mean.astype(ctype) * mom + batch_mean * rest
    new_var = running_var.astype(ctype) * mom + batch_var * rest
    new_scale = inv_std * s
    new_bias = b - batch_mean * inv_std * s
    _affine(xp, x, axis, new_scale, new_bias, ctype, y)
    mean_out[...] = new_mean
    variance_out[...] = new_var
    if saved_mean is not None:
        saved_mean[...] = batch_mean
    if saved_inv_std is not None:
        saved_inv_std[...] = inv_std


def uses_global_stats(is_test: bool, use_global_stats: bool, trainable_statistics: bool) -> bool:
    """Whether batch_norm normalizes with the running statistics (Paddle's rule)."""
    return (bool(is_test) and not bool(trainable_statistics)) or bool(use_global_stats)
