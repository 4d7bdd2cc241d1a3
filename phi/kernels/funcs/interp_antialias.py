"""interp_antialias: 2-D bilinear / bicubic resampling with an anti-aliasing filter, as
Paddle's CPU kernel computes it (Pillow's and PyTorch's separable filter).

Per axis with ratio r (align_corners: (in - 1) / (out - 1), one output: 0; else 1 / scale
when one is set, else in / out; float32): support = filter size / 2, times r when r >= 1;
output i takes the inputs [xmin, xmin + xsize) around center = r * (i + 0.5)
(xmin = max(floor(center - support + 0.5), 0), end = min(floor(center + support + 0.5),
in)) with the filter (bilinear 1 - |t|, bicubic with a = -0.5) at
(j + xmin - center + 0.5) / max(r, 1), normalized to sum 1 (left as is when they sum to
0). Width first into an [.., H_in, W_out] buffer in x's type, then height, each a running
sum in the working type (float32 for float16 / bfloat16 / float32, float64 for float64).
uint8: the weights in float64 quantized to int16 with the largest precision P keeping
round(max |w| * 2^(P+1)) below 2^15, integer sums from 2^(P-1), shifted right by P and
clamped to [0, 255] after each pass. Equal input and output sizes copy x. Paddle leaves
the output unwritten for "nearest": refused here, as is a one-value `scale`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from phi.kernels.funcs.common import compute_dtype, quiet
from phi.kernels.funcs.interpolate import Request, is_channel_last, request

FILTER_SIZE = {"bilinear": 2, "bicubic": 4}


def check_method(interp_method: str) -> None:
    if interp_method not in FILTER_SIZE:
        raise ValueError(f"interp_antialias: interp_method must be 'bilinear' or 'bicubic' "
                         f"(Paddle's kernel leaves the output unwritten for "
                         f"{interp_method!r}), got {interp_method!r}")


def aa_ratio(in_size: int, out_size: int, align_corners: bool, scale: float,
             dtype: np.dtype) -> Any:
    """AreaPixelComputeScale in the kernel's MT type, handed on as float32."""
    mt = np.float64 if dtype == np.float64 else np.float32
    if align_corners:
        r = mt(in_size - 1) / mt(out_size - 1) if out_size > 1 else mt(0)
    else:
        r = mt(1.0 / scale) if scale > 0 else mt(in_size) / mt(out_size)
    return np.float32(r)


def _filter(method: str, t: np.ndarray) -> np.ndarray:
    t = np.abs(t)
    if method == "bilinear":
        return np.where(t < 1, 1 - t, 0).astype(t.dtype)
    a = t.dtype.type(-0.5)
    near = ((a + 2) * t - (a + 3)) * t * t + 1
    far = (((t - 5) * t + 8) * t - 4) * a
    return np.where(t < 1, near, np.where(t < 2, far, 0)).astype(t.dtype)


def aa_weights(method: str, in_size: int, out_size: int, ratio: np.float32,
               wt: type) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(xmin [out], valid [out, k], weights [out, k]) in the working type `wt`."""
    scale = wt(ratio)
    half = wt(0.5)
    size = FILTER_SIZE[method]
    support = (wt(size) * half) * scale if scale >= 1 else wt(size) * half
    width = int(np.ceil(support)) * 2 + 1
    center = scale * (np.arange(out_size, dtype=wt) + half)
    xmin = np.maximum(np.floor(center - support + half).astype(np.int64), 0)
    xsize = np.minimum(np.floor(center + support + half).astype(np.int64), in_size) - xmin
    invscale = wt(1) / scale if scale >= 1 else wt(1)
    j = np.arange(width)
    valid = j[None, :] < xsize[:, None]
    w = _filter(method, ((j.astype(wt)[None, :] + (xmin.astype(wt) - center)[:, None]) + half)
                * invscale)
    w = np.where(valid, w, wt(0))
    total = np.zeros(out_size, wt)
    for k in range(width):  # Paddle's running sum, tap by tap
        total += w[:, k]
    with np.errstate(invalid="ignore", divide="ignore"):
        w = np.where(total[:, None] != 0, w / total[:, None], w).astype(wt)
    return xmin, valid, w


def _int16_weights(w: np.ndarray, valid: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per output: (int16 weights, precision P) as Paddle's uint8 path quantizes them."""
    wt_max = np.where(valid, np.abs(w), 0.0).max(axis=1)
    p = np.arange(22)
    over = (0.5 + wt_max[:, None] * (2.0 ** (p + 1))[None, :]).astype(np.int64) >= 1 << 15
    precision = np.where(over.any(axis=1), over.argmax(axis=1), 22)
    scaled = w * (2.0 ** precision)[:, None]
    rounded = np.sign(scaled) * np.floor(np.abs(scaled) + 0.5)  # std::round: half away
    return rounded.astype(np.int16), precision


def _pass(xp: Any, x: Any, axis: int, xmin: np.ndarray, valid: np.ndarray, w: np.ndarray,
          wt: type, out_dtype: Any) -> Any:
    """One separable pass along `axis` of x (channel-first), into `out_dtype`."""
    idx = np.minimum(xmin[:, None] + np.arange(w.shape[1])[None, :], x.shape[axis] - 1)
    shape = [1] * x.ndim
    shape[axis] = w.shape[0]
    if np.dtype(out_dtype) == np.uint8:
        weights, precision = _int16_weights(w, valid)
        acc = xp.asarray((1 << np.maximum(precision - 1, 0)).reshape(shape).astype(np.int32))
        acc = xp.broadcast_to(acc, (*x.shape[:axis], w.shape[0], *x.shape[axis + 1:])).copy()
        for k in range(w.shape[1]):
            taps = xp.take(x, xp.asarray(idx[:, k]), axis=axis).astype(np.int32)
            acc += taps * xp.asarray(np.where(valid[:, k], weights[:, k], 0)
                                     .astype(np.int32).reshape(shape))
        shifted = acc >> xp.asarray(precision.astype(np.int32).reshape(shape))
        return xp.clip(shifted, 0, 255).astype(np.uint8)
    acc = None
    for k in range(w.shape[1]):  # the taps in order, skipping those past the span
        taps = xp.take(x, xp.asarray(idx[:, k]), axis=axis).astype(wt)
        term = xp.where(xp.asarray(valid[:, k].reshape(shape)), taps
                        * xp.asarray(w[:, k].reshape(shape)), wt(0))
        acc = (wt(0) if acc is None else acc) + term  # Paddle's sum starts at 0
    return acc.astype(out_dtype)


def antialias_request(data_format: str, out_d: int, out_h: int, out_w: int,
                      scale: list[float], out_size: Any, size_tensor: list[Any],
                      scale_tensor: Any) -> Request:
    """The sizes of a call, as the other interpolations' (`scale`: none or [h, w]; Paddle's
    InferMeta reads a second value past a one-value list)."""
    if len(scale) == 1:
        raise ValueError(f"interp_antialias: Attr(scale) must hold 2 values [scale_h, "
                         f"scale_w] or none, got {list(scale)}")
    return request("interp_antialias", data_format, out_d, out_h, out_w, list(scale),
                   out_size, size_tensor, scale_tensor)


def interp_antialias(xp: Any, x: Any, method: str, req: Request, align_corners: bool,
                     align_mode: int, out: Any) -> None:
    """out = x (4-D) resampled as `req` asks; out has the dims `req.plan` gives. The filter
    has no use for align_mode (Paddle's kernel takes it and ignores it too)."""
    check_method(method)
    if x.ndim != 4:
        raise ValueError(f"interp_antialias: x must be 4-D, got dims {list(x.shape)}")
    _, plan = req.plan(x.shape)
    channel_last = is_channel_last(req.data_layout)
    xc = xp.moveaxis(x, -1, 1) if channel_last else x
    oc = xp.moveaxis(out, -1, 1) if channel_last else out
    if xc.size == 0 or oc.size == 0:
        return
    if xc.shape[2:] == oc.shape[2:]:
        xp.copyto(oc, xc)
        return
    dtype = np.dtype(x.dtype)
    wt = np.float64 if dtype == np.uint8 else compute_dtype(dtype).type
    (in_h, in_w), (out_h, out_w) = xc.shape[2:], oc.shape[2:]
    ratios = [aa_ratio(i, o, align_corners, s, dtype)
              for i, o, s in zip((in_h, in_w), (out_h, out_w), plan.scales)]
    with quiet(xp):
        h_min, h_valid, h_w = aa_weights(method, in_w, out_w, ratios[1], wt)
        temp = _pass(xp, xc, 3, h_min, h_valid, h_w, wt, dtype)
        v_min, v_valid, v_w = aa_weights(method, in_h, out_h, ratios[0], wt)
        oc[...] = _pass(xp, temp, 2, v_min, v_valid, v_w, wt, dtype)
