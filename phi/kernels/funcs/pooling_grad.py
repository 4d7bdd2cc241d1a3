"""Gradient of 2-D max / average pooling (plain, global, adaptive; exclusive, ceil_mode,
SAME / VALID padding, NCHW / NHWC), as Paddle's CPU pool2d_grad computes it.

* max: each output's gradient goes to the first input element of its window (row-major
  order, the window clipped to the input) equal to the output; none when no element
  equals it (a NaN output).
* avg: each output's gradient is spread over its window times 1 / the forward's divisor
  (the same exclusive / padding rules, pooling.py), that factor rounded to float32 for
  every dtype (Paddle's 1.0f / pool_size: float64 gradients carry its float32 error).

Windows are visited one kernel tap at a time (each tap covers a strided grid of pixels);
adaptive windows scatter with `add.at`, since small inputs give overlapping windows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from phi.kernels.funcs.conv import is_channel_last
from phi.kernels.funcs.pooling import (
    _adaptive_windows,
    _avg_divisor,
    _compute_dtype,
    _quiet,
    pool_output_size,
    pool_params,
)


def _tap_slices(i: int, j: int, out_hw: Sequence[int], strides: Sequence[int]) -> tuple:
    (oh, ow), (sh, sw) = out_hw, strides
    return (slice(None), slice(None), slice(i, i + sh * (oh - 1) + 1, sh),
            slice(j, j + sw * (ow - 1) + 1, sw))


def _scale(xp: Any, divisor: Any, dtype: Any) -> Any:
    """1 / divisor in float32 (Paddle's 1.0f / pool_size), then in `dtype`."""
    with _quiet(xp):
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
    oh = pool_output_size(h, kh, pads[0], pads[1], sh, ceil_mode)
    ow = pool_output_size(w, kw, pads[2], pads[3], sw, ceil_mode)
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
        share = _scale(xp, dh[:, None] * dw[None, :], g.dtype) * g
        for i in range(kh):
            for j in range(kw):
                grad[_tap_slices(i, j, (oh, ow), (sh, sw))] += share
    return grad[:, :, pads[0]:pads[0] + h, pads[2]:pads[2] + w]


def _adaptive_grad(xp: Any, x: Any, out: Any, g: Any, out_hw: Sequence[int],
                   is_max: bool) -> Any:
    n, c, h, w = (int(v) for v in x.shape)
    ih, vh, nh = _adaptive_windows(xp, h, out_hw[0])
    iw, vw, nw = _adaptive_windows(xp, w, out_hw[1])
    kh, kw = int(ih.shape[1]), int(iw.shape[1])
    grad = xp.zeros((n, c, h, w), dtype=g.dtype)
    if is_max:
        gathered = x[:, :, ih[:, :, None, None], iw[None, None, :, :]]  # n c oh kh ow kw
        taps = gathered.transpose(0, 1, 2, 4, 3, 5).reshape(n, c, *out_hw, kh * kw)
        ok = (vh[:, None, :, None] & vw[None, :, None, :]).reshape(*out_hw, kh * kw)
        first, found = _first_match(xp, taps, ok, out)
        local = [xp.where(found & (first == t), g, 0) for t in range(kh * kw)]
    else:
        share = _scale(xp, nh[:, None] * nw[None, :], g.dtype) * g
        local = [xp.where(vh[:, t // kw, None] & vw[None, :, t % kw], share, 0)
                 for t in range(kh * kw)]
    for t, value in enumerate(local):
        rows, cols = ih[:, t // kw], iw[:, t % kw]
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
    ctype = _compute_dtype(gc.dtype)
    gc = gc.astype(ctype, copy=False)
    h, w = (int(v) for v in xc.shape[2:])
    ksize, strd, pads = pool_params((h, w), kernel_size, strides, paddings, global_pooling,
                                    adaptive, padding_algorithm)
    is_max = pooling_type == "max"
    if adaptive:
        grad = _adaptive_grad(xp, xc, oc, gc, ksize, is_max)
    else:
        grad = _plain_grad(xp, xc, oc, gc, ksize, strd, pads, ceil_mode, exclusive, is_max)
    x_grad[...] = grad.transpose(0, 2, 3, 1) if channel_last else grad
