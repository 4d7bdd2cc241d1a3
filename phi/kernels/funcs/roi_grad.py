"""Grads of roi_align, roi_pool and psroi_pool (phi.kernels.funcs.roi), as Paddle 3.3.1's
CPU grad kernels compute them: X@GRAD scatters each bin's Out@GRAD back to what the bin
read.

roi_align: each sampling tap of a bin inside the map adds Out@GRAD / (taps per bin) times
its four bilinear weights at its four corners (the forward's geometry, `roi.align_bins`
and `roi.sample_taps`). roi_pool: Out@GRAD goes to the bin's Argmax (the forward's output;
none for an empty bin, Argmax -1). psroi_pool: Out@GRAD / bin area goes to every pixel of
the bin in the bin's own input channel (nothing for an empty bin).
Vectorised over RoIs, channels and bins; the loops run over a bin's taps only.

roi_align_grad on int32 is Paddle 3.3.1's CPU grad kernel instantiated for int (not the
forward's gradient, no int32 one is): the corners as the int32 forward's
(`roi.int_corners`); the extent at least 1 (aligned or not); bin = extent / bins and the
grid extent / bins (or sampling_ratio) in C int division; tap (iy, ix) of bin (ph, pw) sits
at (x1 + pw * bin_w + ix * bin_w / grid_w, y1 + ph * bin_h + iy * bin_h / grid_h), int
division, and when inside [-1, W] x [-1, H] adds trunc(Out@GRAD / (grid_w * grid_h)) at
that point clamped to the map (its bilinear weights are 1, 0, 0, 0).

roi_align's grad takes the forward's geometry exactly; Paddle 3.3.1's grad kernel widens an
aligned RoI to at least one pixel where its forward does not, so for aligned RoIs under a
pixel wide or high its X@GRAD is not its forward's gradient (this one is).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from phi.kernels.funcs import roi as roi_funcs
from phi.kernels.funcs.common import quiet


def roi_align_grad(xp: Any, x_dims: tuple[int, ...], rois: Any, out_grad: Any,
                   batch: np.ndarray, pooled_height: int, pooled_width: int,
                   spatial_scale: float, sampling_ratio: int, aligned: bool,
                   x_grad: Any) -> None:
    """x_grad [N, C, H, W] from out_grad [R, C, pooled_height, pooled_width]."""
    x_grad[...] = 0
    r, c = int(out_grad.shape[0]), int(x_dims[1])
    h, w = int(x_dims[2]), int(x_dims[3])
    if r == 0 or c == 0:
        return
    if np.dtype(x_grad.dtype).kind == "i":
        _roi_align_grad_int(xp, (h, w), rois, out_grad, batch, pooled_height, pooled_width,
                            spatial_scale, sampling_ratio, x_grad)
        return
    t = np.dtype(x_grad.dtype).type
    start, bins, grid = roi_funcs.align_bins(rois, x_grad.dtype, pooled_height, pooled_width,
                                             spatial_scale, sampling_ratio, aligned)
    with np.errstate(divide="ignore"):
        per_tap = (1.0 / (grid[:, 0] * grid[:, 1]).astype(np.float64)).astype(x_grad.dtype)
    with quiet(xp):
        share = out_grad * xp.asarray(per_tap).reshape(r, 1, 1, 1)
    b = np.broadcast_to(batch.reshape(r, 1, 1, 1), (r, c, pooled_height, pooled_width))
    ch = np.broadcast_to(np.arange(c).reshape(1, c, 1, 1), b.shape)
    for iy in range(int(grid[:, 1].max(initial=0))):
        ys, yl, yh, wy = roi_funcs.sample_taps(start[:, 1], bins[:, 1], grid[:, 1], iy,
                                               pooled_height, h, t)
        for ix in range(int(grid[:, 0].max(initial=0))):
            xs, xl, xh, wx = roi_funcs.sample_taps(start[:, 0], bins[:, 0], grid[:, 0], ix,
                                                   pooled_width, w, t)
            live = ys[:, :, None] & xs[:, None, :] \
                & ((iy < grid[:, 1]) & (ix < grid[:, 0]))[:, None, None]  # [R, ph, pw]
            keep = np.broadcast_to(live[:, None], b.shape)
            wyl, wyh = wy[:, :, None], (t(1) - wy)[:, :, None]
            wxl, wxh = wx[:, None, :], (t(1) - wx)[:, None, :]
            for (yi, xi), weight in zip(((yl, xl), (yl, xh), (yh, xl), (yh, xh)),
                                        (wxl * wyl, wxh * wyl, wxl * wyh, wxh * wyh)):
                rows = np.broadcast_to(yi[:, None, :, None], b.shape)
                cols = np.broadcast_to(xi[:, None, None, :], b.shape)
                with quiet(xp):
                    values = share * xp.asarray(weight.astype(x_grad.dtype))[:, None]
                xp.add.at(x_grad, tuple(xp.asarray(a[keep]) for a in (b, ch, rows, cols)),
                          values[xp.asarray(keep)])


def _roi_align_grad_int(xp: Any, hw: tuple[int, int], rois: Any, out_grad: Any,
                        batch: np.ndarray, pooled_height: int, pooled_width: int,
                        spatial_scale: float, sampling_ratio: int, x_grad: Any) -> None:
    """roi_align_grad on int32 as Paddle 3.3.1's CPU grad kernel computes it (module
    docstring): each tap adds trunc(Out@GRAD / count) at its clamped point."""
    r, c = int(out_grad.shape[0]), int(out_grad.shape[1])
    corner = roi_funcs.int_corners(rois, spatial_scale)
    size = np.maximum(corner[:, 2:] - corner[:, :2], 1)  # w, h: at least 1, aligned or not
    bins = size // np.array([pooled_width, pooled_height])
    grid = roi_funcs.int_grid(size, pooled_height, pooled_width, sampling_ratio)
    count = np.maximum(grid[:, 0] * grid[:, 1], 1).reshape(r, 1, 1, 1)
    with quiet(xp):
        wide = out_grad.astype(np.int64)
        share = (xp.sign(wide) * (xp.abs(wide) // xp.asarray(count))).astype(x_grad.dtype)
    b = np.broadcast_to(batch.reshape(r, 1, 1, 1), (r, c, pooled_height, pooled_width))
    ch = np.broadcast_to(np.arange(c).reshape(1, c, 1, 1), b.shape)
    steps = []
    for axis, pooled, extent in ((1, pooled_height, hw[0]), (0, pooled_width, hw[1])):
        steps.append([_int_grad_taps(corner[:, axis], bins[:, axis], grid[:, axis], i, pooled,
                                     extent) for i in range(int(grid[:, axis].max(initial=0)))])
    for (ys, rows_at) in steps[0]:
        for (xs, cols_at) in steps[1]:
            keep = np.broadcast_to((ys[:, :, None] & xs[:, None, :])[:, None], b.shape)
            rows = np.broadcast_to(rows_at[:, None, :, None], b.shape)
            cols = np.broadcast_to(cols_at[:, None, None, :], b.shape)
            xp.add.at(x_grad, tuple(xp.asarray(a[keep]) for a in (b, ch, rows, cols)),
                      share[xp.asarray(keep)])


def _int_grad_taps(start: np.ndarray, bins: np.ndarray, grid: np.ndarray, i: int, pooled: int,
                   extent: int) -> tuple[np.ndarray, np.ndarray]:
    """Tap i of every int32 grad bin along one axis [R, pooled]: (a live tap inside
    [-1, extent], its index clamped to the map). The position is start + p * bin +
    i * bin / grid in C int arithmetic."""
    pos = start[:, None] + np.arange(pooled)[None] * bins[:, None] \
        + (i * bins // np.maximum(grid, 1))[:, None]
    live = (i < grid)[:, None] & (pos >= -1) & (pos <= extent)
    return live, np.clip(pos, 0, extent - 1)


def roi_pool_grad(xp: Any, x_dims: tuple[int, ...], argmax: Any, out_grad: Any,
                  batch: np.ndarray, x_grad: Any) -> None:
    """x_grad [N, C, H, W]: each bin's out_grad added at its Argmax (flat H x W index)."""
    x_grad[...] = 0
    r, c = int(out_grad.shape[0]), int(x_dims[1])
    if r == 0 or c == 0:
        return
    flat = x_grad.reshape(int(x_dims[0]), c, -1)
    arg = xp.asarray(argmax)
    keep = arg >= 0
    b = xp.broadcast_to(xp.asarray(batch).reshape(r, 1, 1, 1), arg.shape)
    ch = xp.broadcast_to(xp.arange(c).reshape(1, c, 1, 1), arg.shape)
    xp.add.at(flat, (b[keep], ch[keep], arg[keep]), out_grad[keep])


def psroi_pool_grad(xp: Any, x_dims: tuple[int, ...], rois: Any, out_grad: Any,
                    batch: np.ndarray, pooled_height: int, pooled_width: int,
                    output_channels: int, spatial_scale: float, x_grad: Any) -> None:
    """x_grad [N, C, H, W]: out_grad / area over each non-empty bin, in the bin's channel
    (c * pooled_height + ph) * pooled_width + pw."""
    x_grad[...] = 0
    r = int(out_grad.shape[0])
    h, w = int(x_dims[2]), int(x_dims[3])
    if r == 0:
        return
    t = np.dtype(x_grad.dtype).type
    hs, he, ws, we = roi_funcs.psroi_bins(rois, x_grad.dtype, pooled_height, pooled_width,
                                          spatial_scale, h, w)
    rows, cols = np.arange(h), np.arange(w)
    ymask = (rows >= hs[..., None]) & (rows < he[..., None])          # [R, ph, H]
    xmask = (cols >= ws[..., None]) & (cols < we[..., None])          # [R, pw, W]
    inside = ymask[:, None, :, None, :, None] & xmask[:, None, None, :, None, :]
    area = ((he - hs)[:, :, None] * (we - ws)[:, None, :]).astype(x_grad.dtype)
    empty = (he <= hs)[:, :, None] | (we <= ws)[:, None, :]
    with quiet(xp):
        share = xp.where(xp.asarray(empty)[:, None], t(0),
                         out_grad / xp.asarray(np.where(empty, t(1), area))[:, None])
        spread = xp.where(xp.asarray(inside), share[..., None, None], t(0))
    planes = x_grad.reshape(int(x_dims[0]), output_channels, pooled_height, pooled_width, h, w)
    xp.add.at(planes, xp.asarray(batch), spread)
