"""Compiled pool2d (NCHW, max / avg, exclusive or not, ceil_mode, global): one task per
(image, channel) plane, under the plain kernels' rules (phi/kernels/funcs/pooling_nd.py):
max runs `y = y > v ? y : v` from -FLT_MAX over each window in row-major order, avg sums
and divides by the clipped window (exclusive) or by the window cut at the end padding
(not exclusive). A plane is computed tap by tap over its padded copy split by stride phase
(`phase_planes`: every tap one contiguous loop; a 3x3/2 max pool of 64x112x112: 0.44 ms,
with a column step 0.75 ms, window by window 1.44 ms, plain 0.80 ms); a max plane
holding a NaN goes window by window, where padding never takes part, as the plain kernel
redoes it. One window per plane (global pooling) runs the plain body: NumPy's vectorised
reduction beats a compiled one that keeps IEEE order (avg over 1280x7x7: plain 0.03 ms,
compiled 0.33 ms). Adaptive pooling, channel-last data and other dtypes run the plain body.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from phi.common import Backend, DataLayout, DataType, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.jit.phase_planes import fill_phases
from phi.jit.runtime import helper, kernel, prange, split_runs
from phi.kernels.funcs import pooling as pool_funcs
from phi.kernels.funcs.conv import is_channel_last
from phi.kernels.funcs.pooling_nd import POOLING_TYPES, max_floor, pool_params

TYPES = [DataType.FLOAT32, DataType.FLOAT64]
#: Output planes up to this size go window by window: the tap loops' fixed cost per plane
#: (its phase copy, NaN scan and buffers) is more than the windows' work. One thread, us:
#: 2x2/2 max over 16x8x8 taps 8.3, windows 2.0; over 6x24x24 9.3 / 8.7; 3x3/2 over
#: 32x28x28 (13x13) 56 / 77, over 64x56x56 281 / 667.
WINDOWS_MAX_PLANE = 144


@helper
def _window_plane(src, dst, kh, kw, sh, sw, pt, pl, is_max, exclusive, floor):
    """One plane, window by window in row-major order (the exact rule, NaN included)."""
    h, w = src.shape
    oh, ow = dst.shape
    for y in range(oh):
        y0 = y * sh - pt
        y1 = min(y0 + kh, h)
        ylo = max(y0, 0)
        for xo in range(ow):
            x0 = xo * sw - pl
            x1 = min(x0 + kw, w)
            xlo = max(x0, 0)
            if is_max:
                acc = floor
                for i in range(ylo, y1):
                    for j in range(xlo, x1):
                        v = src[i, j]
                        acc = acc if acc > v else v
                dst[y, xo] = acc
            else:
                acc = floor * 0
                for i in range(ylo, y1):
                    for j in range(xlo, x1):
                        acc += src[i, j]
                if exclusive:
                    count = (y1 - ylo) * (x1 - xlo)
                else:
                    count = (min(y0 + kh, h + pt) - y0) * (min(x0 + kw, w + pl) - x0)
                dst[y, xo] = acc / count


@helper
def _has_nan(src):
    found = False
    for r in range(src.shape[0]):
        line = src[r]
        for col in range(src.shape[1]):
            found |= math.isnan(line[col])
    return found


@helper
def _tap_plane(dst, phases, ext, kh, kw, pt, pl, h, w, is_max, exclusive, fill):
    """One plane tap by tap over its phase-split padded copy (`phase_planes`), each tap
    one flat contiguous loop (the columns past the output's computed and dropped): the
    max from the floor, or the sum then the division by the window's count."""
    sh, sw = phases.shape[0], phases.shape[1]
    oh, ow = dst.shape
    wq = phases.shape[3]
    n = (oh - 1) * wq + ow
    ext[:n] = fill
    p, rr = 0, 0
    for _ in range(kh):
        q, cc = 0, 0
        for _ in range(kw):
            src = phases[p, q].reshape(-1)[rr * wq + cc:]
            if is_max:
                for k in range(n):
                    a, v = ext[k], src[k]
                    ext[k] = a if a > v else v
            else:
                for k in range(n):
                    ext[k] += src[k]
            q += 1
            if q == sw:
                q, cc = 0, cc + 1
        p += 1
        if p == sh:
            p, rr = 0, rr + 1
    for y in range(oh):
        row = dst[y]
        part = ext[y * wq:]
        if is_max:
            for xo in range(ow):
                row[xo] = part[xo]
            continue
        y0 = y * sh - pt
        rows = min(y0 + kh, h) - max(y0, 0) if exclusive else min(y0 + kh, h + pt) - y0
        for xo in range(ow):
            x0 = xo * sw - pl
            cols = min(x0 + kw, w) - max(x0, 0) if exclusive else min(x0 + kw, w + pl) - x0
            row[xo] = part[xo] / (rows * cols)


@kernel
def pool_nchw(x, out, kh, kw, sh, sw, pt, pl, is_max, exclusive, floor, parts):
    """Max (`is_max`) or avg pooling of every [H, W] plane of `x` into `out`, the planes
    split in `parts` runs with their buffers made once per run; a max plane holding a
    NaN goes window by window (the tap order would give another max than the rule's)."""
    n, c, h, w = x.shape
    oh, ow = out.shape[2], out.shape[3]
    hq = (max(h + pt, (oh - 1) * sh + kh) + sh - 1) // sh
    wq = (max(w + pl, (ow - 1) * sw + kw) + sw - 1) // sw
    fill = floor if is_max else floor * 0
    jobs = n * c
    if oh * ow <= WINDOWS_MAX_PLANE:
        for job in prange(jobs):
            b, ch = job // c, job % c
            _window_plane(x[b, ch], out[b, ch], kh, kw, sh, sw, pt, pl, is_max, exclusive,
                          floor)
        return
    for part in prange(parts):
        phases = np.full((sh, sw, hq, wq), fill)
        ext = np.empty(oh * wq, x.dtype)
        for job in range(part * jobs // parts, (part + 1) * jobs // parts):
            b, ch = job // c, job % c
            src = x[b, ch]
            if is_max and _has_nan(src):
                _window_plane(src, out[b, ch], kh, kw, sh, sw, pt, pl, is_max, exclusive,
                              floor)
                continue
            fill_phases(phases, src, pt, pl)
            _tap_plane(out[b, ch], phases, ext, kh, kw, pt, pl, h, w, is_max, exclusive,
                       fill)


def pool2d(xp: Any, x: Any, kernel_size: Any, strides: Any, paddings: Any, ceil_mode: bool,
           exclusive: bool, data_format: str, pooling_type: str, global_pooling: bool,
           adaptive: bool, padding_algorithm: str, out: Any, workspace: Any = None) -> None:
    """out = pool2d(x), as `pooling.pool2d`."""
    if adaptive or is_channel_last(data_format) or x.ndim != 4 or out.size == 0 \
            or pooling_type not in POOLING_TYPES:
        pool_funcs.pool2d(xp, x, kernel_size, strides, paddings, ceil_mode, exclusive,
                          data_format, pooling_type, global_pooling, adaptive,
                          padding_algorithm, out, workspace)
        return
    ksize, strd, pads = pool_params([int(d) for d in x.shape[2:]], kernel_size, strides,
                                    paddings, global_pooling, adaptive, padding_algorithm,
                                    "pool2d")
    if out.shape[2] * out.shape[3] == 1:  # one window per plane: NumPy's reduction is faster
        pool_funcs.pool2d(xp, x, kernel_size, strides, paddings, ceil_mode, exclusive,
                          data_format, pooling_type, global_pooling, adaptive,
                          padding_algorithm, out, workspace)
        return
    pool_nchw(np.ascontiguousarray(x), out, ksize[0], ksize[1], strd[0], strd[1], pads[0],
              pads[2], pooling_type == "max", bool(exclusive), max_floor(x.dtype),
              split_runs(int(x.shape[0]) * int(x.shape[1]), x.size))


@register_kernel("pool2d", Backend.NUMBA, DataLayout.ALL_LAYOUT, TYPES)
def pool2d_kernel(dev_ctx: DeviceContext, x: DenseTensor, kernel_size: IntArray,
                  strides: list[int], paddings: list[int], ceil_mode: bool, exclusive: bool,
                  data_format: str, pooling_type: str, global_pooling: bool, adaptive: bool,
                  padding_algorithm: str, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    pool2d(dev_ctx.xp, x.data, kernel_size.get_data(), strides, paddings, ceil_mode,
           exclusive, data_format, pooling_type, global_pooling, adaptive, padding_algorithm,
           data, dev_ctx.workspace)
