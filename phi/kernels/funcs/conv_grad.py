"""Gradients of N-d convolution (conv2d, depthwise_conv2d, conv3d: plain, grouped,
depthwise; strides, dilations, explicit / SAME / VALID padding, channel-first or -last),
shared by conv2d_grad, depthwise_conv2d_grad, conv3d_grad and the transposed convolutions'
grads.

With the forward's im2col view `cols` [n, groups, cg * prod(kernel), prod(out)] of the
padded input:

* filter_grad[g] = sum over the batch of out_grad[n, g] @ cols[n, g]^T;
* input_grad: the columns W[g]^T @ out_grad[n, g] are scattered back (col2im) onto the
  padded input, one kernel tap at a time (each tap covers a strided grid of pixels), and
  the padding is cropped off.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

from phi.kernels.funcs.common import quiet
from phi.kernels.funcs.conv import as_strided, is_channel_last, resolve_padding


def _first(a: Any, channel_last: bool) -> Any:
    """Channel-last -> channel-first (a view)."""
    return a.transpose(0, a.ndim - 1, *range(1, a.ndim - 1)) if channel_last else a


def col2im(xp: Any, cols: Any, in_sp: Sequence[int], pads: Sequence[int],
           dilations: Sequence[int], strides: Sequence[int]) -> Any:
    """Sum `cols` [n, c, *kernel, *out] back onto an [n, c, *in_sp] image: the adjoint of
    the forward's strided window view (padding cropped)."""
    rank = len(in_sp)
    n, c = (int(v) for v in cols.shape[:2])
    ks = [int(v) for v in cols.shape[2:2 + rank]]
    outs = [int(v) for v in cols.shape[2 + rank:]]
    padded = [int(in_sp[a]) + pads[2 * a] + pads[2 * a + 1] for a in range(rank)]
    image = xp.zeros((n, c, *padded), dtype=cols.dtype)
    for taps in itertools.product(*(range(k) for k in ks)):
        where = tuple(slice(t * d, t * d + s * (o - 1) + 1, s)
                      for t, d, s, o in zip(taps, dilations, strides, outs))
        image[(slice(None), slice(None), *where)] += cols[(slice(None), slice(None), *taps)]
    return image[(slice(None), slice(None),
                  *(slice(pads[2 * a], pads[2 * a] + int(in_sp[a])) for a in range(rank)))]


def im2col(xp: Any, x: Any, ksize: Sequence[int], pads: Sequence[int],
           dilations: Sequence[int], strides: Sequence[int], outs: Sequence[int]) -> Any:
    """The forward's window view [n, c, *kernel, *out] of the padded channel-first input."""
    rank = len(ksize)
    n, c = (int(v) for v in x.shape[:2])
    if any(pads):
        x = xp.pad(x, ((0, 0), (0, 0), *((pads[2 * a], pads[2 * a + 1]) for a in range(rank))))
    sn, sc, *ss = x.strides
    return as_strided(xp, x, (n, c, *ksize, *outs),
                      (sn, sc, *(s * d for s, d in zip(ss, dilations)),
                       *(s * st for s, st in zip(ss, strides))))


def conv_grad(xp: Any, x: Any, w: Any, out_grad: Any, strides: Sequence[int],
              paddings: Sequence[int], padding_algorithm: str, dilations: Sequence[int],
              groups: int, data_format: str, x_grad: Any | None, w_grad: Any | None) -> None:
    """x_grad / w_grad (either may be None: not asked for) of the N-d conv(x, w), N the
    filter's rank - 2."""
    groups = max(int(groups), 1)
    channel_last = is_channel_last(data_format)
    xc, g = _first(x, channel_last), _first(out_grad, channel_last)
    n, c, *in_sp = (int(v) for v in xc.shape)
    o, cg, *ks = (int(v) for v in w.shape)
    outs = [int(v) for v in g.shape[2:]]
    if x_grad is not None and (x.size == 0 or g.size == 0):
        x_grad[...] = 0
        x_grad = None
    if w_grad is not None and (x.size == 0 or g.size == 0):
        w_grad[...] = 0
        w_grad = None
    if x_grad is None and w_grad is None:
        return
    pads, dil = resolve_padding(paddings, dilations, padding_algorithm, in_sp, ks, strides)
    strd = [int(s) for s in strides]
    og, k, points = o // groups, cg * math.prod(ks), math.prod(outs)
    gg = g.reshape(n, groups, og, points)
    with quiet(xp):  # NaN / inf spread through the GEMMs as in Paddle's
        if w_grad is not None:
            cols = im2col(xp, xc, ks, pads, dil, strd, outs).reshape(n, groups, k, points)
            w_grad[...] = xp.matmul(gg, cols.transpose(0, 1, 3, 2)).sum(axis=0).reshape(
                w.shape)
        if x_grad is not None:
            wm = w.reshape(groups, og, k).transpose(0, 2, 1)
            cols = xp.matmul(wm, gg).reshape(n, c, *ks, *outs)
            image = col2im(xp, cols, in_sp, pads, dil, strd)
            x_grad[...] = xp.moveaxis(image, 1, -1) if channel_last else image


#: conv2d_grad and depthwise_conv2d_grad: the 2-D case
conv2d_grad = conv_grad
