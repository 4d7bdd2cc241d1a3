"""Rearranging layers as reshape + transpose views: pixel_shuffle, pixel_unshuffle,
channel_shuffle, and temporal_shift (Paddle's CPU kernels' element order and shape rules).

Layouts are "NCHW" or "NHWC"; every op takes a 4-D input.

shuffle_channel (channel_shuffle in NCHW) on float64: Paddle 3.3.1's CPU kernels, forward
and grad, copy H * W * sizeof(int) bytes per plane, so they write only the first (H * W) // 2
elements of each output plane (and, for an odd H * W, the low 4 bytes of the next one); the
rest is whatever the memory held. fluidphi writes the whole shuffle there, the float32
code, so it equals Paddle on every element Paddle writes
(tests/ops/test_vision_shuffle_ops.py, tests/fixtures/shuffle_channel_float64.npz).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

LAYOUTS = ("NCHW", "NHWC")


def _nchw_dims(op: str, x_dims: Sequence[int], data_format: str) -> tuple[int, int, int, int]:
    """(n, c, h, w) of a 4-D input in `data_format`."""
    if data_format not in LAYOUTS:
        raise ValueError(f"{op}: data_format must be NCHW or NHWC, got {data_format!r}")
    if len(x_dims) != 4:
        raise ValueError(f"{op}: X must be 4-D, got dims {list(x_dims)}")
    n, a, b, d = (int(v) for v in x_dims)
    return (n, a, b, d) if data_format == "NCHW" else (n, d, a, b)


def _layout(n: int, c: int, h: int, w: int, data_format: str) -> tuple[int, int, int, int]:
    return (n, c, h, w) if data_format == "NCHW" else (n, h, w, c)


def _positive(op: str, name: str, value: int) -> int:
    if int(value) < 1:
        raise ValueError(f"{op}: {name} must be positive, got {value}")
    return int(value)


# -- pixel_shuffle / pixel_unshuffle -------------------------------------------------------

def pixel_shuffle_dims(x_dims: Sequence[int], upscale_factor: int,
                       data_format: str) -> tuple[int, ...]:
    r = _positive("pixel_shuffle", "upscale_factor", upscale_factor)
    n, c, h, w = _nchw_dims("pixel_shuffle", x_dims, data_format)
    if c % (r * r):
        raise ValueError(f"pixel_shuffle: the {c} channels must be divisible by "
                         f"upscale_factor^2 = {r * r}")
    return _layout(n, c // (r * r), h * r, w * r, data_format)


def pixel_shuffle(xp: Any, x: Any, upscale_factor: int, data_format: str, out: Any) -> None:
    """[N, C*r*r, H, W] -> [N, C, H*r, W*r]: out[n, c, h*r+i, w*r+j] = x[n, c*r*r+i*r+j, h, w]."""
    r = int(upscale_factor)
    n, c, h, w = _nchw_dims("pixel_shuffle", x.shape, data_format)
    if data_format == "NCHW":
        view = x.reshape(n, c // (r * r), r, r, h, w).transpose(0, 1, 4, 2, 5, 3)
    else:
        view = x.reshape(n, h, w, c // (r * r), r, r).transpose(0, 1, 4, 2, 5, 3)
    out[...] = view.reshape(out.shape)


def pixel_unshuffle_dims(x_dims: Sequence[int], downscale_factor: int,
                         data_format: str) -> tuple[int, ...]:
    r = _positive("pixel_unshuffle", "downscale_factor", downscale_factor)
    n, c, h, w = _nchw_dims("pixel_unshuffle", x_dims, data_format)
    if h % r or w % r:
        raise ValueError(f"pixel_unshuffle: height {h} and width {w} must be divisible by "
                         f"downscale_factor {r}")
    return _layout(n, c * r * r, h // r, w // r, data_format)


def pixel_unshuffle(xp: Any, x: Any, downscale_factor: int, data_format: str,
                    out: Any) -> None:
    """The inverse of pixel_shuffle: [N, C, H, W] -> [N, C*r*r, H/r, W/r]."""
    r = int(downscale_factor)
    n, c, h, w = _nchw_dims("pixel_unshuffle", x.shape, data_format)
    if data_format == "NCHW":
        view = x.reshape(n, c, h // r, r, w // r, r).transpose(0, 1, 3, 5, 2, 4)
    else:
        view = x.reshape(n, h // r, r, w // r, r, c).transpose(0, 1, 3, 5, 2, 4)
    out[...] = view.reshape(out.shape)


# -- channel_shuffle -----------------------------------------------------------------------

def channel_shuffle_dims(x_dims: Sequence[int], groups: int,
                         data_format: str) -> tuple[int, ...]:
    g = _positive("channel_shuffle", "groups", groups)
    c = _nchw_dims("channel_shuffle", x_dims, data_format)[1]
    if c % g:
        raise ValueError(f"channel_shuffle: the {c} channels must be divisible by groups {g}")
    return tuple(int(v) for v in x_dims)


def channel_shuffle(xp: Any, x: Any, groups: int, data_format: str, out: Any) -> None:
    """Channels [g, C/g] -> [C/g, g]: out channel k*g + i = x channel i*(C/g) + k."""
    g = int(groups)
    n, c, h, w = _nchw_dims("channel_shuffle", x.shape, data_format)
    if data_format == "NCHW":
        view = x.reshape(n, g, c // g, h, w).transpose(0, 2, 1, 3, 4)
    else:
        view = x.reshape(n, h, w, g, c // g).transpose(0, 1, 2, 4, 3)
    out[...] = view.reshape(out.shape)


# -- temporal_shift ------------------------------------------------------------------------

def temporal_shift_dims(x_dims: Sequence[int], seg_num: int, shift_ratio: float,
                        data_format: str) -> tuple[int, ...]:
    t = _positive("temporal_shift", "seg_num", seg_num)
    n, _c, _h, _w = _nchw_dims("temporal_shift", x_dims, data_format)
    if n % t:
        raise ValueError(f"temporal_shift: X's first dim ({n}) must be divisible by seg_num "
                         f"({t})")
    if not 0.0 < shift_ratio < 0.5:
        raise ValueError(f"temporal_shift: shift_ratio must be in (0, 0.5), got {shift_ratio}")
    return tuple(int(v) for v in x_dims)


def shifted_channels(c: int, shift_ratio: float) -> tuple[int, int]:
    """(c1, c2): channels [0, c1) come from the previous segment, [c1, c2) from the next.
    Paddle truncates float (single precision) products: int(c * r), int(2c * r)."""
    ratio = np.float32(shift_ratio)
    return int(np.float32(c) * ratio), int(np.float32(2 * c) * ratio)


def temporal_shift(xp: Any, x: Any, seg_num: int, shift_ratio: float, data_format: str,
                   out: Any) -> None:
    """x is [N*T, C, H, W] (or NHWC), T = seg_num: per video, the first c1 channels shift
    one segment later (segment 0 gets zeros), the next c2 - c1 one segment earlier (the last
    segment gets zeros), the rest stay."""
    t = int(seg_num)
    n, c = _nchw_dims("temporal_shift", x.shape, data_format)[:2]
    c1, c2 = shifted_channels(c, shift_ratio)
    channel_axis = 2 if data_format == "NCHW" else 4
    src = x.reshape(n // t, t, *x.shape[1:])
    dst = out.reshape(src.shape)

    def chans(lo: int, hi: int) -> tuple[slice, ...]:
        return (slice(None),) * channel_axis + (slice(lo, hi),)

    dst[...] = src
    back, fwd = chans(0, c1), chans(c1, c2)
    dst[back][:, 1:] = src[back][:, :-1]
    dst[back][:, :1] = 0
    dst[fwd][:, :-1] = src[fwd][:, 1:]
    dst[fwd][:, -1:] = 0
