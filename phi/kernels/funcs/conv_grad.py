"""Gradients of 2-D convolution (plain, grouped, depthwise; strides, dilations, explicit /
SAME / VALID padding, NCHW / NHWC), shared by conv2d_grad and depthwise_conv2d_grad.

With the forward's im2col view `cols` [n, groups, cg*kh*kw, oh*ow] of the padded input:

* filter_grad[g] = sum over the batch of out_grad[n, g] @ cols[n, g]^T;
* input_grad: the columns W[g]^T @ out_grad[n, g] are scattered back (col2im) onto the
  padded input, one kernel tap at a time (each tap covers a strided grid of pixels), and
  the padding is cropped off.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from phi.kernels.funcs.conv import as_strided, is_channel_last, pad_spatial, resolve_padding


def _nchw(a: Any, channel_last: bool) -> Any:
    return a.transpose(0, 3, 1, 2) if channel_last else a


def col2im(xp: Any, cols: Any, in_hw: tuple[int, int], pads: Sequence[int],
           dilations: Sequence[int], strides: Sequence[int]) -> Any:
    """Sum `cols` [n, c, kh, kw, oh, ow] back onto an [n, c, *in_hw] image: the adjoint of
    the forward's strided window view (padding cropped)."""
    n, c, kh, kw, oh, ow = (int(v) for v in cols.shape)
    (dh, dw), (sh, sw) = dilations, strides
    hp, wp = in_hw[0] + pads[0] + pads[1], in_hw[1] + pads[2] + pads[3]
    image = xp.zeros((n, c, hp, wp), dtype=cols.dtype)
    for i in range(kh):
        for j in range(kw):
            image[:, :, i * dh:i * dh + sh * (oh - 1) + 1:sh,
                  j * dw:j * dw + sw * (ow - 1) + 1:sw] += cols[:, :, i, j]
    return image[:, :, pads[0]:pads[0] + in_hw[0], pads[2]:pads[2] + in_hw[1]]


def im2col(xp: Any, x: Any, ksize: Sequence[int], pads: Sequence[int],
           dilations: Sequence[int], strides: Sequence[int], out_hw: Sequence[int]) -> Any:
    """The forward's window view [n, c, kh, kw, oh, ow] of the padded NCHW input."""
    n, c = (int(v) for v in x.shape[:2])
    xpad = pad_spatial(xp, x, pads)
    s_n, s_c, s_h, s_w = xpad.strides
    return as_strided(xp, xpad, (n, c, *ksize, *out_hw),
                      (s_n, s_c, s_h * dilations[0], s_w * dilations[1],
                       s_h * strides[0], s_w * strides[1]))


def conv2d_grad(xp: Any, x: Any, w: Any, out_grad: Any, strides: Sequence[int],
                paddings: Sequence[int], padding_algorithm: str, dilations: Sequence[int],
                groups: int, data_format: str, x_grad: Any | None, w_grad: Any | None) -> None:
    """x_grad / w_grad (either may be None: not asked for) of conv2d(x, w)."""
    groups = max(int(groups), 1)
    channel_last = is_channel_last(data_format)
    xc, g = _nchw(x, channel_last), _nchw(out_grad, channel_last)
    n, c, h, wd = (int(v) for v in xc.shape)
    o, cg, kh, kw = (int(v) for v in w.shape)
    oh, ow = (int(v) for v in g.shape[2:])
    pads, dil = resolve_padding(paddings, dilations, padding_algorithm, (h, wd), (kh, kw),
                                strides)
    strd = [int(s) for s in strides]
    og, k = o // groups, cg * kh * kw
    gg = g.reshape(n, groups, og, oh * ow)
    if w_grad is not None:
        cols = im2col(xp, xc, (kh, kw), pads, dil, strd, (oh, ow)).reshape(n, groups, k,
                                                                         oh * ow)
        w_grad[...] = xp.matmul(gg, cols.transpose(0, 1, 3, 2)).sum(axis=0).reshape(w.shape)
    if x_grad is not None:
        wm = w.reshape(groups, og, k).transpose(0, 2, 1)
        cols = xp.matmul(wm, gg).reshape(n, c, kh, kw, oh, ow)
        image = col2im(xp, cols, (h, wd), pads, dil, strd)
        x_grad[...] = image.transpose(0, 2, 3, 1) if channel_last else image
