"""2-D max / average pooling (plain, global, adaptive) and its output-shape rules.

Window rules (Paddle's CPU pooling, which fluid and PHI share):

* max: the window is clipped to the input; a window holding no input element
  yields the lowest finite value of the compute type.
* avg, exclusive: sum over the clipped window / its element count (0/0 is NaN).
* avg, not exclusive: the divisor counts padding too, but only up to
  `in + pad_begin` at the far end: min(start + k, in + pad_begin) - start.
* adaptive: output cell i covers [floor(i * in / out), ceil((i + 1) * in / out)).
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import Workspace, scratch
from phi.kernels.funcs.conv import is_channel_last, pad_spatial, resolve_padding


def pool_params(x_spatial: Sequence[int], kernel_size: Sequence[int], strides: Sequence[int],
                paddings: Sequence[int], global_pooling: bool, adaptive: bool,
                padding_algorithm: str) -> tuple[list[int], list[int], list[int]]:
    """(kernel size, strides, [top, bottom, left, right] pads) after global/SAME/VALID rules."""
    ksize = [int(k) for k in kernel_size]
    if len(ksize) != 2:
        raise ValueError(f"pool2d: ksize must hold 2 values, got {ksize}")
    if global_pooling:
        ksize = [int(v) for v in x_spatial]
    pads, _ = resolve_padding(paddings, None, padding_algorithm, x_spatial, ksize, strides)
    if global_pooling or adaptive:
        pads = [0, 0, 0, 0]
    return ksize, [int(s) for s in strides], pads


def pool_output_size(in_size: int, ksize: int, pad_begin: int, pad_end: int, stride: int,
                     ceil_mode: bool) -> int:
    extra = stride - 1 if ceil_mode else 0
    size = (in_size - ksize + pad_begin + pad_end + extra) // stride + 1
    if size <= 0:
        raise ValueError(f"pool2d output size {size} is not positive (input {in_size}, kernel "
                         f"{ksize}, paddings {pad_begin}+{pad_end}, stride {stride})")
    return size


def pool2d_out_dims(x_dims: Sequence[int], kernel_size: Sequence[int], strides: Sequence[int],
                    paddings: Sequence[int], ceil_mode: bool, data_format: str,
                    global_pooling: bool, adaptive: bool,
                    padding_algorithm: str) -> tuple[int, ...]:
    if len(x_dims) != 4:
        raise ValueError(f"pool2d wants a 4-D input, got dims {list(x_dims)}")
    channel_last = is_channel_last(data_format)
    spatial = list(x_dims[1:3]) if channel_last else list(x_dims[2:4])
    ksize, strd, pads = pool_params(spatial, kernel_size, strides, paddings, global_pooling,
                                    adaptive, padding_algorithm)
    if adaptive:
        out_hw = ksize
    else:
        out_hw = [pool_output_size(spatial[i], ksize[i], pads[2 * i], pads[2 * i + 1], strd[i],
                                   ceil_mode) for i in range(2)]
    n, c = x_dims[0], (x_dims[3] if channel_last else x_dims[1])
    return (n, *out_hw, c) if channel_last else (n, c, *out_hw)


def _quiet(xp: Any):
    return np.errstate(divide="ignore", invalid="ignore") if xp is np else contextlib.nullcontext()


def _compute_dtype(dtype: Any) -> Any:
    """Half types are pooled in float32 (Paddle accumulates them in float)."""
    return np.dtype(np.float32) if dtype.itemsize < 4 else dtype


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
    starts = np.arange(out_size, dtype=np.int64) * stride - pad_begin
    if exclusive:
        counts = np.minimum(starts + ksize, in_size) - np.maximum(starts, 0)
    else:
        counts = np.minimum(starts + ksize, in_size + pad_begin) - starts
    return xp.asarray(counts)


def _window_taps(xpad: Any, kh: int, kw: int, oh: int, ow: int, sh: int,
                 sw: int) -> list[Any]:
    """The kh*kw strided views of `xpad`, one per window position, each [n, c, oh, ow]."""
    return [xpad[:, :, i:i + sh * (oh - 1) + 1:sh, j:j + sw * (ow - 1) + 1:sw]
            for i in range(kh) for j in range(kw)]


def _reduce_taps(xp: Any, taps: list[Any], ufunc_name: str, result: Any) -> None:
    """result = taps[0] (op) taps[1] (op) ..., in place, with no temporaries."""
    ufunc = getattr(xp, ufunc_name)
    if len(taps) == 1:
        xp.copyto(result, taps[0])
        return
    ufunc(taps[0], taps[1], out=result)
    for tap in taps[2:]:
        ufunc(result, tap, out=result)


def pool2d(xp: Any, x: Any, kernel_size: Sequence[int], strides: Sequence[int],
           paddings: Sequence[int], ceil_mode: bool, exclusive: bool, data_format: str,
           pooling_type: str, global_pooling: bool, adaptive: bool, padding_algorithm: str,
           out: Any, workspace: Workspace | None = None) -> None:
    """out = pool2d(x); `out` has the dims `pool2d_out_dims` gives.

    Fixed windows: the input is padded into the workspace "pool2d.pad" and the kh*kw
    strided window taps are folded into the output with `maximum` / `add` in place
    (then divided by the window sizes for avg). A window covering the whole input is
    one reduction.
    """
    if pooling_type not in ("max", "avg"):
        raise ValueError(f"pool2d: pooling_type must be 'max' or 'avg', got {pooling_type!r}")
    channel_last = is_channel_last(data_format)
    xc = x.transpose(0, 3, 1, 2) if channel_last else x
    n, c, h, w = (int(v) for v in xc.shape)
    ctype = _compute_dtype(xc.dtype)
    if xc.dtype != ctype:
        xc = xc.astype(ctype)
    lowest = np.finfo(ctype).min
    ksize, strd, pads = pool_params((h, w), kernel_size, strides, paddings, global_pooling,
                                    adaptive, padding_algorithm)
    is_max = pooling_type == "max"
    oh, ow = ksize if adaptive else (
        pool_output_size(h, ksize[0], pads[0], pads[1], strd[0], ceil_mode),
        pool_output_size(w, ksize[1], pads[2], pads[3], strd[1], ceil_mode))
    direct = not channel_last and out.dtype == ctype and out.flags.c_contiguous
    result = out if direct else scratch(xp, workspace, "pool2d.out", (n, c, oh, ow), ctype)
    whole = (oh, ow) == (1, 1) and not any(pads) and (adaptive or tuple(ksize) == (h, w))
    if whole:
        flat = result.reshape(n, c)
        if is_max:
            xp.max(xc, axis=(2, 3), out=flat)
        else:
            xp.sum(xc, axis=(2, 3), out=flat)
            xp.divide(flat, ctype.type(h * w), out=flat)
    elif adaptive:
        ih, vh, nh = _adaptive_windows(xp, h, oh)
        iw, vw, nw = _adaptive_windows(xp, w, ow)
        gathered = xc[:, :, ih[:, :, None, None], iw[None, None, :, :]]
        mask = vh[:, :, None, None] & vw[None, None, :, :]
        if is_max:
            result[...] = xp.where(mask, gathered, ctype.type(lowest)).max(axis=(3, 5))
        else:
            sums = xp.where(mask, gathered, ctype.type(0)).sum(axis=(3, 5))
            result[...] = sums / (nh[:, None] * nw[None, :]).astype(ctype)
    else:
        kh, kw = ksize
        sh, sw = strd
        # pad enough at the far end for every window (ceil_mode may reach past the pads)
        fit = [pads[0], max((oh - 1) * sh + kh - h - pads[0], 0),
               pads[2], max((ow - 1) * sw + kw - w - pads[2], 0)]
        xpad = pad_spatial(xp, xc, fit, float(lowest) if is_max else 0.0, workspace,
                           "pool2d.pad")
        _reduce_taps(xp, _window_taps(xpad, kh, kw, oh, ow, sh, sw),
                     "maximum" if is_max else "add", result)
        if not is_max:
            dh = _avg_divisor(xp, oh, h, kh, sh, pads[0], exclusive)
            dw = _avg_divisor(xp, ow, w, kw, sw, pads[2], exclusive)
            with _quiet(xp):
                xp.divide(result, (dh[:, None] * dw[None, :]).astype(ctype), out=result)
    if not direct:
        out[...] = result.transpose(0, 2, 3, 1) if channel_last else result
