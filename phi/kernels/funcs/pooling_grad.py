"""Gradient of 2-D max / average pooling (plain, global, adaptive; exclusive, ceil_mode,
SAME / VALID padding, NCHW / NHWC), as Paddle's CPU pool2d_grad computes it.

* max: each output's gradient goes to the first input element of its window (row-major
  order, the window clipped to the input) equal to the output; none when no element
  equals it (a NaN output).
* avg: each output's gradient is spread over its window times 1 / the forward's divisor
  (the same exclusive / padding rules, pooling.py), that factor rounded to float32 for
  every dtype (Paddle's 1.0f / pool_size: float64 gradients carry its float32 error).

Windows are visited one kernel tap at a time (each tap covers a strided grid of pixels);
adaptive average windows scatter with `add.at`, since small inputs give overlapping
windows; adaptive max pooling keeps plain windows (ksize = the output size, as the forward).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import compute_dtype, quiet
from phi.kernels.funcs.conv import is_channel_last
from phi.kernels.funcs.pooling_nd import pool_params


def _adaptive_windows(xp: Any, in_size: int, out_size: int) -> tuple[Any, Any, Any]:
    """Gather indices (out, kmax), their validity mask and the window sizes."""
    i = np.arange(out_size, dtype=np.int64)
    starts = (i * in_size) // out_size
    ends = -((-(i + 1) * in_size) // out_size)
    kmax = int((ends - starts).max())
    idx = starts[:, None] + np.arange(kmax, dtype=np.int64)[None, :]
    valid = idx < ends[:, None]
    idx = np.minimum(idx, in_size - 1)
    return xp.asarray(idx), xp.asarray(valid), xp.asarray(ends - starts)


def _avg_divisor(xp: Any, out_size: int, in_size: int, ksize: int, stride: int, pad_begin: int,
                 exclusive: bool) -> Any:
    """Per output position, how many elements its average divides by."""
    starts = np.arange(out_size, dtype=np.int64) * stride - pad_begin
    if exclusive:
        counts = np.minimum(starts + ksize, in_size) - np.maximum(starts, 0)
    else:
        counts = np.minimum(starts + ksize, in_size + pad_begin) - starts
    return xp.asarray(counts)


def _tap_slices(i: int, j: int, out_hw: Sequence[int], strides: Sequence[int]) -> tuple:
    (oh, ow), (sh, sw) = out_hw, strides
    return (slice(None), slice(None), slice(i, i + sh * (oh - 1) + 1, sh),
            slice(j, j + sw * (ow - 1) + 1, sw))


def avg_scale(xp: Any, divisor: Any, dtype: Any) -> Any:
    """1 / divisor in float32 (Paddle's 1.0f / pool_size), then in `dtype`."""
    with quiet(xp):
        return (xp.float32(1) / divisor.astype(xp.float32)).astype(dtype)


def _first_match(xp: Any, taps: Any, valid: Any, out: Any) -> tuple[Any, Any]:
    """(index of the first tap equal to out, whether any is) over the last axis of taps."""
    eq = (taps == out[..., None]) & valid
    return xp.argmax(eq, axis=-1), eq.any(axis=-1)


def _plain_grad(xp: Any, x: Any, out: Any, g: Any, ksize: Sequence[int],
                strides: Sequence[int], pads: Sequence[int], ceil_mode: bool, exclusive: bool,
                is_max: bool) -> Any:
    n, c, h, w = (int(v) for v in x.shape)
    (kh, kw), (sh, sw) = ksize, strides
    oh, ow = (int(v) for v in g.shape[2:])  # pool_output_size's, or ksize (adaptive max)
    hp = max(h + pads[0], (oh - 1) * sh + kh)  # every window fits (ceil_mode may overhang)
    wp = max(w + pads[2], (ow - 1) * sw + kw)
    grad = xp.zeros((n, c, hp, wp), dtype=g.dtype)
    if is_max:
        xpad = xp.zeros((n, c, hp, wp), dtype=x.dtype)
        valid = xp.zeros((1, 1, hp, wp), dtype=bool)
        xpad[:, :, pads[0]:pads[0] + h, pads[2]:pads[2] + w] = x
        valid[:, :, pads[0]:pads[0] + h, pads[2]:pads[2] + w] = True
        taps = xp.stack([xpad[_tap_slices(i, j, (oh, ow), (sh, sw))]
                         for i in range(kh) for j in range(kw)], axis=-1)
        ok = xp.stack([valid[_tap_slices(i, j, (oh, ow), (sh, sw))]
                       for i in range(kh) for j in range(kw)], axis=-1)
        first, found = _first_match(xp, taps, ok, out)
        for t in range(kh * kw):
            hit = found & (first == t)
            grad[_tap_slices(t // kw, t % kw, (oh, ow), (sh, sw))] += xp.where(hit, g, 0)
    else:
        dh = _avg_divisor(xp, oh, h, kh, sh, pads[0], exclusive)
        dw = _avg_divisor(xp, ow, w, kw, sw, pads[2], exclusive)
        share = avg_scale(xp, dh[:, None] * dw[None, :], g.dtype) * g
        for i in range(kh):
            for j in range(kw):
                grad[_tap_slices(i, j, (oh, ow), (sh, sw))] += share
    return grad[:, :, pads[0]:pads[0] + h, pads[2]:pads[2] + w]


def _adaptive_grad(xp: Any, g: Any, x_hw: Sequence[int], out_hw: Sequence[int]) -> Any:
    """Adaptive average pooling's gradient (max pooling never adapts its windows)."""
    ih, vh, nh = _adaptive_windows(xp, x_hw[0], out_hw[0])
    iw, vw, nw = _adaptive_windows(xp, x_hw[1], out_hw[1])
    kh, kw = int(ih.shape[1]), int(iw.shape[1])
    grad = xp.zeros((*g.shape[:2], *x_hw), dtype=g.dtype)
    share = avg_scale(xp, nh[:, None] * nw[None, :], g.dtype) * g
    for t in range(kh * kw):
        rows, cols = ih[:, t // kw], iw[:, t % kw]
        value = xp.where(vh[:, t // kw, None] & vw[None, :, t % kw], share, 0)
        xp.add.at(grad, (slice(None), slice(None), rows[:, None], cols[None, :]), value)
    return grad


def pool2d_grad(xp: Any, x: Any, out: Any, out_grad: Any, kernel_size: Sequence[int],
                strides: Sequence[int], paddings: Sequence[int], ceil_mode: bool,
                exclusive: bool, data_format: str, pooling_type: str, global_pooling: bool,
                adaptive: bool, padding_algorithm: str, x_grad: Any) -> None:
    """x_grad of pool2d(x) (dims of x), given its `out` and `out_grad`."""
    if pooling_type not in ("max", "avg"):
        raise ValueError(f"pool2d_grad: pooling_type must be 'max' or 'avg', got "
                         f"{pooling_type!r}")
    channel_last = is_channel_last(data_format)
    xc, oc, gc = ((a.transpose(0, 3, 1, 2) if channel_last else a) for a in (x, out, out_grad))
    ctype = compute_dtype(gc.dtype)
    gc = gc.astype(ctype, copy=False)
    h, w = (int(v) for v in xc.shape[2:])
    ksize, strd, pads = pool_params((h, w), kernel_size, strides, paddings, global_pooling,
                                    adaptive, padding_algorithm)
    is_max = pooling_type == "max"
    if adaptive and not is_max:
        grad = _adaptive_grad(xp, gc, (h, w), ksize)
    else:
        grad = _plain_grad(xp, xc, oc, gc, ksize, strd, pads, ceil_mode, exclusive, is_max)
    x_grad[...] = grad.transpose(0, 2, 3, 1) if channel_last else grad
