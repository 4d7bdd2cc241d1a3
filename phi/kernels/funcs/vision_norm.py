"""Per-channel affine maps, group and instance normalisation (Paddle's CPU kernels' math
and shape rules).

affine_channel: Out = X * Scale[c] + Bias[c]; channels at axis 1 for data_layout "NCHW",
last for every other layout (the default "AnyLayout" too, as Paddle's kernel reads it).

lrn: MidOut = k + alpha * (sum of X^2 over the n channels centred on each one), Out = X *
MidOut^-beta on 4-D X (channel-last only for "NHWC"). MidOut is Paddle's running window:
channel 0 adds the first n squares to k in order, each next channel adds the entering
square and then subtracts the leaving one (so an inf square leaves NaN behind it).

spectral_norm: Weight divided by its largest singular value as `power_iters` power
iterations from U [h] and V [w] estimate it (h = Weight's dims[dim], w the rest): each
iteration v = W^T u / (|W^T u| + eps), then u = W v / (|W v| + eps); sigma = u . (W v).
U and V are read, not updated (Paddle's kernel works on copies).

group_norm: the channels split into `groups` groups; each (sample, group) is normalised by
its mean and biased variance, max(E[x^2] - mean^2, 0) summed in Paddle's order, then
scaled and shifted per channel. `data_layout` "NCHW" puts the channels at axis 1; every
other layout Paddle knows ("NHWC", "NCDHW", "NDHWC", "AnyLayout") puts them last, as
Paddle's kernel does. Mean / Variance are [N, groups].

instance_norm: each (sample, channel) is normalised by its mean and biased (two-pass)
variance; SavedMean is that mean and SavedVariance 1 / sqrt(var + epsilon), both [N * C].
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import quiet

#: The layout strings Paddle's StringToDataLayout accepts for group_norm.
KNOWN_LAYOUTS = ("NCHW", "NHWC", "NCDHW", "NDHWC", "AnyLayout", "ANYLAYOUT")


def _numel(dims: Sequence[int]) -> int:
    return int(np.prod(dims, dtype=np.int64))


def _check_param(op: str, slot: str, dims: Sequence[int] | None, channels: int) -> None:
    if dims is None:
        return
    if len(dims) != 1 or int(dims[0]) != channels:
        raise ValueError(f"{op}: {slot} must be a 1-D tensor of the {channels} channels, got "
                         f"dims {list(dims)}")


def affine_channel_dims(x_dims: Sequence[int], scale_dims: Sequence[int],
                        bias_dims: Sequence[int], data_layout: str) -> tuple[int, ...]:
    """Out's dims (X's); checks X's rank and that Scale / Bias hold one value per channel."""
    if len(x_dims) < 2:
        raise ValueError(f"affine_channel: X must have at least 2 dims, got {list(x_dims)}")
    channels = int(x_dims[1] if data_layout == "NCHW" else x_dims[-1])
    _check_param("affine_channel", "Scale", scale_dims, channels)
    _check_param("affine_channel", "Bias", bias_dims, channels)
    return tuple(int(d) for d in x_dims)


def affine_channel(xp: Any, x: Any, scale: Any, bias: Any, data_layout: str, out: Any) -> None:
    """out = x * scale + bias per channel (two roundings, as Paddle's Eigen expression)."""
    shape = [1] * x.ndim
    shape[1 if data_layout == "NCHW" else -1] = -1
    xp.multiply(x, scale.reshape(shape), out=out)
    xp.add(out, bias.reshape(shape), out=out)


def lrn_dims(x_dims: Sequence[int], n: int) -> tuple[int, ...]:
    """Out's and MidOut's dims (X's); checks X's rank and that n is positive and odd."""
    if len(x_dims) != 4:
        raise ValueError(f"lrn: X must be 4-D, got dims {list(x_dims)}")
    if n <= 0 or n % 2 != 1:
        raise ValueError(f"lrn: n must be a positive odd number, got {n}")
    return tuple(int(d) for d in x_dims)


def lrn(xp: Any, x: Any, n: int, k: float, alpha: float, beta: float, data_format: str,
        out: Any, mid_out: Any) -> None:
    """out = x * mid_out ** -beta with mid_out Paddle's running window sum (module doc)."""
    channel_last = data_format == "NHWC"
    xc = x.transpose(0, 3, 1, 2) if channel_last else x
    mid = mid_out.transpose(0, 3, 1, 2) if channel_last else mid_out
    channels, pre = int(xc.shape[1]), (n - 1) // 2
    dtype = x.dtype.type
    alpha = dtype(alpha)
    squares = xp.zeros((xc.shape[0], channels + n - 1, *xc.shape[2:]), x.dtype)
    xp.multiply(xc, xc, out=squares[:, pre:pre + channels])
    with quiet(xp):
        if channels:
            mid[:, 0] = dtype(k)
            for c in range(n):
                mid[:, 0] += alpha * squares[:, c]
        for c in range(1, channels):
            mid[:, c] = mid[:, c - 1] + alpha * squares[:, c + n - 1]
            mid[:, c] += -alpha * squares[:, c - 1]
        xp.multiply(x, xp.power(mid_out, dtype(-beta)), out=out)


def spectral_norm_dims(weight_dims: Sequence[int], u_dims: Sequence[int],
                       v_dims: Sequence[int], dim: int, power_iters: int) -> tuple[int, ...]:
    """Out's dims (Weight's); checks Weight's rank, dim, power_iters and U / V's sizes."""
    if not 2 <= len(weight_dims) <= 5:
        raise ValueError(f"spectral_norm: Weight must have 2 to 5 dims, got {list(weight_dims)}")
    if dim not in (0, 1):
        raise ValueError(f"spectral_norm: dim must be 0 or 1, got {dim}")
    if power_iters < 0:
        raise ValueError(f"spectral_norm: power_iters must be >= 0, got {power_iters}")
    h = int(weight_dims[dim])
    w = _numel(weight_dims) // h if h else 0
    for slot, dims, size in (("U", u_dims, h), ("V", v_dims, w)):
        if _numel(dims) != size or len(dims) != 1:
            raise ValueError(f"spectral_norm: {slot} must be 1-D of size {size}, got dims "
                             f"{list(dims)} (Weight {list(weight_dims)}, dim {dim})")
    return tuple(int(d) for d in weight_dims)


def spectral_norm(xp: Any, weight: Any, u: Any, v: Any, dim: int, power_iters: int,
                  eps: float, out: Any) -> None:
    """out = weight / sigma, sigma from Paddle's power iteration (module doc)."""
    moved = xp.moveaxis(weight, dim, 0)
    mat = moved.reshape(int(u.size), int(v.size))
    dtype = weight.dtype.type
    eps = dtype(eps)
    uu, vv = u.reshape(-1), v.reshape(-1)
    with quiet(xp):
        for _ in range(power_iters):
            vv = mat.T @ uu
            vv = vv / (xp.sqrt(xp.sum(vv * vv)) + eps)
            uu = mat @ vv
            uu = uu / (xp.sqrt(xp.sum(uu * uu)) + eps)
        sigma = xp.sum(uu * (mat @ vv))
        xp.moveaxis(out, dim, 0)[...] = (mat / sigma).reshape(moved.shape)


def group_norm_channel_last(data_layout: str) -> bool:
    if data_layout not in KNOWN_LAYOUTS:
        raise ValueError(f"group_norm: unknown data_layout {data_layout!r} (one of "
                         f"{', '.join(KNOWN_LAYOUTS[:5])})")
    return data_layout != "NCHW"


def group_norm_dims(x_dims: Sequence[int], scale_dims: Sequence[int] | None,
                    bias_dims: Sequence[int] | None, groups: int,
                    data_layout: str) -> tuple[tuple[int, ...], tuple[int, int]]:
    """(dims of Y, dims of Mean / Variance); checks rank, groups and Scale / Bias."""
    if len(x_dims) < 2:
        raise ValueError(f"group_norm: X must have at least 2 dims, got {list(x_dims)}")
    channels = int(x_dims[-1] if group_norm_channel_last(data_layout) else x_dims[1])
    if not 1 <= groups <= channels or channels % groups:
        raise ValueError(f"group_norm: groups ({groups}) must be in [1, {channels}] and divide "
                         f"the {channels} channels ({data_layout})")
    _check_param("group_norm", "Scale", scale_dims, channels)
    _check_param("group_norm", "Bias", bias_dims, channels)
    return tuple(int(d) for d in x_dims), (int(x_dims[0]), int(groups))


def instance_norm_dims(x_dims: Sequence[int], scale_dims: Sequence[int] | None,
                       bias_dims: Sequence[int] | None) -> tuple[tuple[int, ...], tuple[int]]:
    """(dims of Y, dims of SavedMean / SavedVariance); checks rank and Scale / Bias."""
    if not 2 <= len(x_dims) <= 5:
        raise ValueError(f"instance_norm: X must have 2 to 5 dims, got {list(x_dims)}")
    channels = int(x_dims[1])
    _check_param("instance_norm", "Scale", scale_dims, channels)
    _check_param("instance_norm", "Bias", bias_dims, channels)
    return tuple(int(d) for d in x_dims), (int(x_dims[0]) * channels,)


def _affine(xp: Any, normed: Any, scale: Any | None, bias: Any | None, shape: tuple[int, ...],
            dtype: Any) -> Any:
    if scale is not None:
        normed *= scale.reshape(shape).astype(dtype, copy=False)
    if bias is not None:
        normed += bias.reshape(shape).astype(dtype, copy=False)
    return normed


#: Paddle's CPU kernel sums each channel in 8 interleaved float lanes.
_LANES = 8


def _paddle_group_sums(xp: Any, grouped: Any) -> tuple[Any, Any]:
    """(sum of x, sum of x * x) per (sample, group) of `grouped` [N, G, C/G, S], in x's dtype
    and in the order Paddle's CPU kernel adds: per channel, 8 lanes each summing every 8th
    element of the first S - S % 8, then a running total that adds the lanes in order, then
    the channel's remaining elements, channel after channel. (Float32 sums of E[x^2]-style
    statistics cancel; the same order gives the same bits.)"""
    n, g, cg, s = (int(d) for d in grouped.shape)
    body = s - s % _LANES
    sums = []
    for values in (grouped, grouped * grouped):
        blocks = values[..., :body].reshape(n, g, cg, body // _LANES, _LANES)
        lanes = (xp.cumsum(blocks, axis=3, dtype=values.dtype)[..., -1, :] if body
                 else xp.zeros((n, g, cg, _LANES), dtype=values.dtype))
        seq = xp.concatenate([lanes, values[..., body:]], axis=3).reshape(n, g, -1)
        sums.append(xp.cumsum(seq, axis=2, dtype=values.dtype)[..., -1])
    return sums[0], sums[1]


def group_norm(xp: Any, x: Any, scale: Any | None, bias: Any | None, epsilon: float,
               groups: int, data_layout: str, y: Any, mean: Any | None,
               variance: Any | None) -> None:
    """y = (x - mean) / sqrt(var + epsilon) * scale + bias per (sample, group), with
    var = max(E[x^2] - mean^2, 0) summed as Paddle does (`_paddle_group_sums`)."""
    group_norm_dims(x.shape, None if scale is None else scale.shape,
                    None if bias is None else bias.shape, groups, data_layout)
    dtype = x.dtype
    if x.size == 0:
        for stat in (mean, variance):
            if stat is not None:
                stat[...] = 0
        return
    n = int(x.shape[0])
    if group_norm_channel_last(data_layout):
        c = int(x.shape[-1])
        grouped = x.reshape(n, -1, groups, c // groups).transpose(0, 2, 3, 1)
    else:
        c = int(x.shape[1])
        grouped = x.reshape(n, groups, c // groups, -1)
    total, total_sq = _paddle_group_sums(xp, grouped)
    count = dtype.type(grouped.shape[2] * grouped.shape[3])
    mu = total / count
    var = xp.maximum(total_sq / count - mu * mu, dtype.type(0))
    inv = dtype.type(1) / xp.sqrt(var + dtype.type(epsilon))
    normed = (grouped - mu[:, :, None, None]) * inv[:, :, None, None]
    normed = _affine(xp, normed, scale, bias, (1, groups, c // groups, 1), dtype)
    if group_norm_channel_last(data_layout):
        normed = normed.transpose(0, 3, 1, 2)
    y[...] = normed.reshape(y.shape)
    if mean is not None:
        mean[...] = mu
    if variance is not None:
        variance[...] = var


def instance_norm(xp: Any, x: Any, scale: Any | None, bias: Any | None, epsilon: float,
                  y: Any, saved_mean: Any | None, saved_variance: Any | None) -> None:
    """y = (x - mean) * inv_std * scale + bias per (sample, channel)."""
    instance_norm_dims(x.shape, None if scale is None else scale.shape,
                       None if bias is None else bias.shape)
    dtype = x.dtype
    if x.size == 0:
        for out in (saved_mean, saved_variance):
            if out is not None:
                out[...] = 0
        return
    n, c = int(x.shape[0]), int(x.shape[1])
    rows = x.reshape(n, c, -1)
    wide = rows.astype(np.float64)
    mu = wide.mean(axis=2, keepdims=True)
    var = ((wide - mu) ** 2).mean(axis=2, keepdims=True)
    mu_t = mu.astype(dtype)
    inv = dtype.type(1) / xp.sqrt(var.astype(dtype) + dtype.type(epsilon))
    normed = (rows - mu_t) * inv
    y[...] = _affine(xp, normed, scale, bias, (1, c, 1), dtype).reshape(y.shape)
    if saved_mean is not None:
        saved_mean[...] = mu_t.reshape(-1)
    if saved_variance is not None:
        saved_variance[...] = inv.reshape(-1)
