"""Gradients of the transposed convolutions over 2 or 3 spatial dims (conv2d_transpose,
depthwise_conv2d_transpose, conv3d_transpose; each takes a 4-D or 5-D Input, as its
forward).

conv_transpose(x, w) is the input gradient of conv(., w) seeded with x, so its own
gradients are convolutions: Input@GRAD = conv(out_grad, w) with the forward's strides,
resolved pads, dilations and groups (the filter [in, out / groups, *kernel] read as a conv
filter with `in` output channels; rows and columns that output_padding / output_size added
at the far end receive nothing and are never read), and Filter@GRAD is conv's filter
gradient with out_grad as the image and x as the output gradient (phi.kernels.funcs.conv_grad).
Layouts follow the forward (only "NHWC" is channel-last).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from phi.kernels.funcs.conv import conv2d
from phi.kernels.funcs.conv3d import conv_nd
from phi.kernels.funcs.conv_grad import conv_grad
from phi.kernels.funcs.conv_transpose import _geometry as transpose_geometry
from phi.kernels.funcs.conv_transpose import channel_last


def conv_transpose_grad(xp: Any, x: Any, w: Any, out_grad: Any, strides: Sequence[int],
                        paddings: Sequence[int], padding_algorithm: str, groups: int,
                        dilations: Sequence[int], data_format: str, x_grad: Any | None,
                        w_grad: Any | None, op: str = "conv_transpose_grad") -> None:
    """x_grad / w_grad (either may be None: not asked for) of the transposed convolution of
    a 4-D or 5-D x (2 or 3 spatial dims, whichever the op)."""
    _, pads, dil, strd = transpose_geometry(op, x.shape, w.shape, strides, paddings,
                                            padding_algorithm, dilations, groups, data_format)
    layout = "NHWC" if channel_last(op, data_format) else "NCHW"
    if x_grad is not None and x_grad.size:
        conv = conv2d if x.ndim == 4 else conv_nd
        conv(xp, out_grad, w, strd, pads, "EXPLICIT", dil, groups, layout, x_grad)
    if w_grad is not None:
        conv_grad(xp, out_grad, w, x, strd, pads, "EXPLICIT", dil, groups, layout, None,
                  w_grad)
