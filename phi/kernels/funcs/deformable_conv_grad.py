"""Gradients of deformable convolution (deformable_conv with Mask, deformable_conv_v1
without; the forward is phi.kernels.funcs.conv.deformable_conv), as Paddle's CPU grad
kernel computes them.

With the columns' gradient dcols = W^T @ Output@GRAD per group (the forward's GEMM
transposed) and, per deformable group, tap and output pixel, the sample point (py, px) =
the tap's position + Offset, its bilinear corners and their weights (1 - |dy|)(1 - |dx|):

* Filter@GRAD = sum over the batch of Output@GRAD @ cols^T (cols: the masked samples);
* Input@GRAD: dcols * mask * each corner's weight, added at the corners inside the image;
* Offset@GRAD (dy, dx): sum over the group's channels of dcols * mask * d sample / d py
  (and / d px), the bilinear interpolation's slopes from the corners inside the image;
* Mask@GRAD: sum over the group's channels of dcols * the unmasked sample.

A point outside (-1, H) x (-1, W) samples 0 and has no gradient, as in the forward.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import quiet


def deformable_conv_grad(xp: Any, x: Any, offset: Any, w: Any, mask: Any | None,
                         out_grad: Any, strides: Sequence[int], paddings: Sequence[int],
                         dilations: Sequence[int], groups: int, deformable_groups: int,
                         x_grad: Any | None, offset_grad: Any | None, w_grad: Any | None,
                         mask_grad: Any | None) -> None:
    """The gradients asked for (None: not asked for) of deformable_conv(x, offset, w, mask)."""
    n, c, h, wd = (int(d) for d in x.shape)
    o, cg, kh, kw = (int(d) for d in w.shape)
    oh, ow = (int(d) for d in out_grad.shape[2:])
    groups, dg, taps = int(groups), int(deformable_groups), kh * kw
    cpg = c // dg
    (sh, sw), (ph, pw), (dh, dw) = ((int(a), int(b)) for a, b in (strides, paddings, dilations))
    t = x.dtype.type
    ky, kx = (a.reshape(taps, 1, 1) for a in np.meshgrid(np.arange(kh) * dh,
                                                         np.arange(kw) * dw, indexing="ij"))
    off = offset.reshape(n, dg, taps, 2, oh, ow)
    py = off[:, :, :, 0] + xp.asarray(ky + (np.arange(oh) * sh - ph).reshape(1, oh, 1)
                                      ).astype(x.dtype)
    px = off[:, :, :, 1] + xp.asarray(kx + (np.arange(ow) * sw - pw).reshape(1, 1, ow)
                                      ).astype(x.dtype)
    inside = (py > -1) & (px > -1) & (py < h) & (px < wd)
    y0 = xp.floor(xp.where(inside, py, 0))
    x0 = xp.floor(xp.where(inside, px, 0))
    ly, lx = py - y0, px - x0
    y0, x0 = y0.astype(np.int64), x0.astype(np.int64)
    planes = x.reshape(n, dg, cpg, h * wd)
    # corners: (row, column, weight, d weight / d py, d weight / d px)
    corners = ((y0, x0, (1 - ly) * (1 - lx), -(1 - lx), -(1 - ly)),
               (y0, x0 + 1, (1 - ly) * lx, -lx, 1 - ly),
               (y0 + 1, x0, ly * (1 - lx), 1 - lx, -ly),
               (y0 + 1, x0 + 1, ly * lx, lx, ly))
    m = (xp.ones((n, dg, taps, oh, ow), x.dtype) if mask is None
         else mask.reshape(n, dg, taps, oh, ow))
    shape = (n, dg, cpg, taps, oh, ow)
    with quiet(xp):
        dcols = xp.matmul(w.reshape(groups, o // groups, cg * taps).transpose(0, 2, 1),
                          out_grad.reshape(n, groups, o // groups, oh * ow)).reshape(shape)
        samples = xp.zeros(shape, x.dtype)
        slope_y = xp.zeros(shape, x.dtype)
        slope_x = xp.zeros(shape, x.dtype)
        image = xp.zeros((n, dg, cpg, h * wd), x.dtype) if x_grad is not None else None
        for yy, xx, weight, d_y, d_x in corners:
            ok = inside & (yy >= 0) & (yy < h) & (xx >= 0) & (xx < wd)
            flat = (xp.clip(yy, 0, h - 1) * wd + xp.clip(xx, 0, wd - 1)).reshape(
                n, dg, 1, taps * oh * ow)
            value = xp.where(ok[:, :, None],
                             xp.take_along_axis(planes, flat, axis=-1).reshape(shape), t(0))
            samples += weight[:, :, None] * value
            slope_y += d_y[:, :, None] * value
            slope_x += d_x[:, :, None] * value
            if image is not None:
                share = xp.where(ok[:, :, None], dcols * (m * weight)[:, :, None], t(0))
                rows = n * dg * cpg
                index = xp.broadcast_to(flat, (n, dg, cpg, taps * oh * ow)).reshape(rows, -1)
                keys = index + (xp.arange(rows, dtype=np.int64) * (h * wd))[:, None]
                image += xp.bincount(keys.ravel(), weights=share.reshape(-1),
                                     minlength=rows * h * wd).reshape(image.shape).astype(
                                         x.dtype, copy=False)
        if x_grad is not None:
            x_grad[...] = image.reshape(x_grad.shape)
        if w_grad is not None:
            cols = (samples * m[:, :, None]).reshape(n, groups, cg * taps, oh * ow)
            w_grad[...] = xp.matmul(out_grad.reshape(n, groups, o // groups, oh * ow),
                                    cols.transpose(0, 1, 3, 2)).sum(axis=0).reshape(w.shape)
        if offset_grad is not None:
            gy = (dcols * slope_y).sum(axis=2) * m
            gx = (dcols * slope_x).sum(axis=2) * m
            grad = xp.stack([xp.where(inside, gy, t(0)), xp.where(inside, gx, t(0))], axis=3)
            offset_grad[...] = grad.reshape(offset_grad.shape)
        if mask_grad is not None:
            mask_grad[...] = xp.where(inside, (dcols * samples).sum(axis=2),
                                      t(0)).reshape(mask_grad.shape)
