"""Gradients of the transposed convolutions over 2 or 3 spatial dims (conv2d_transpose,
depthwise_conv2d_transpose, conv3d_transpose; each takes a 4-D or 5-D Input, as its
forward).

conv_transpose(x, w) is the input gradient of conv(., w) seeded with x, so its own
gradients are convolutions: Input@GRAD = conv(out_grad, w) with the forward's strides,
resolved pads, dilations and groups (the filter [in, out / groups, *kernel] read as a conv
filter with `in` output channels; rows and columns that output_padding / output_size added
at the far end receive nothing and are never read), and Filter@GRAD is conv's filter
gradient with out_grad as the image and x as the output gradient (phi.kernels.funcs.conv_grad).
Layouts follow the forward (only "NHWC" is channel-last). Groups need not divide the
channels (the forward reads the first (C // groups) * groups): the others get a zero
gradient, in channel-first layouts only (Paddle's channel-last gradient is then off).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from phi.kernels.funcs.conv import conv2d
from phi.kernels.funcs.conv3d import conv_nd
from phi.kernels.funcs.conv_grad import conv_grad
from phi.kernels.funcs.conv_transpose import _geometry as transpose_geometry
from phi.kernels.funcs.conv_transpose import channel_last, used_channels


def conv_transpose_grad(xp: Any, x: Any, w: Any, out_grad: Any, strides: Sequence[int],
                        paddings: Sequence[int], padding_algorithm: str, groups: int,
                        dilations: Sequence[int], data_format: str, x_grad: Any | None,
                        w_grad: Any | None, op: str = "conv_transpose_grad") -> None:
    """x_grad / w_grad (either may be None: not asked for) of the transposed convolution of
    a 4-D or 5-D x (2 or 3 spatial dims, whichever the op)."""
    _, pads, dil, strd = transpose_geometry(op, x.shape, w.shape, strides, paddings,
                                            padding_algorithm, dilations, groups, data_format)
    last = channel_last(op, data_format)
    layout = "NHWC" if last else "NCHW"
    used = used_channels(w.shape[0], groups)
    if used < int(w.shape[0]) and last:
        raise ValueError(
            f"{op}: groups ({int(groups)}) do not divide the input channels "
            f"({int(w.shape[0])}) and data_format is NHWC: Paddle 3.3.1's channel-last "
            f"gradient then differs from its channel-first one in every channel (not the "
            f"forward's derivative), so fluidphi does not compute it; use a channel-first "
            f"layout or groups dividing the channels")
    if used < int(w.shape[0]):  # the channels the forward does not read: zero gradients
        for grad in (x_grad, w_grad):
            if grad is not None:
                grad[...] = 0
        if used == 0:
            return
    if x_grad is not None and x_grad.size:
        conv = conv2d if x.ndim == 4 else conv_nd
        conv(xp, out_grad, w[:used], strd, pads, "EXPLICIT", dil, groups, layout,
             x_grad if last else x_grad[:, :used])
    if w_grad is not None:
        conv_grad(xp, out_grad, w[:used], x if last else x[:, :used], strd, pads, "EXPLICIT",
                  dil, groups, layout, None, w_grad[:used])
