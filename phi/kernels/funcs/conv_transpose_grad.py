"""Gradients of the transposed 2-D and 3-D convolutions (conv2d_transpose,
depthwise_conv2d_transpose, conv3d_transpose).

conv_transpose(x, w) is the input gradient of conv(., w) seeded with x, so its own
gradients are convolutions: Input@GRAD = conv(out_grad, w) with the forward's strides,
resolved pads, dilations and groups (the filter [in, out / groups, *kernel] read as a conv
filter with `in` output channels; rows and columns that output_padding / output_size added
at the far end receive nothing and are never read), and Filter@GRAD is conv's filter
gradient with out_grad as the image and x as the output gradient (phi.kernels.funcs.conv_grad).
Layouts follow the forward (conv3d_transpose reads only "NHWC" as channel-last).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from phi.kernels.funcs.conv import conv2d
from phi.kernels.funcs.conv3d import conv_nd
from phi.kernels.funcs.conv_grad import conv_grad
from phi.kernels.funcs.conv_transpose import _channel_last
from phi.kernels.funcs.conv_transpose import _geometry as transpose_geometry


def conv_transpose_grad(xp: Any, x: Any, w: Any, out_grad: Any, strides: Sequence[int],
                        paddings: Sequence[int], padding_algorithm: str, groups: int,
                        dilations: Sequence[int], data_format: str, x_grad: Any | None,
                        w_grad: Any | None) -> None:
    """x_grad / w_grad (either may be None: not asked for) of conv{2,3}d_transpose(x, w)
    (the rank is x's - 2: a 4-D or 5-D x)."""
    if x.ndim not in (4, 5):
        raise ValueError(f"conv_transpose_grad: Input must be 4-D (conv2d_transpose_grad, "
                         f"depthwise_conv2d_transpose_grad) or 5-D (conv3d_transpose_grad), "
                         f"got {list(x.shape)}")
    rank = x.ndim - 2
    _, pads, dil, strd = transpose_geometry(x.shape, w.shape, strides, paddings,
                                            padding_algorithm, dilations, groups, data_format,
                                            rank)
    layout = "NHWC" if _channel_last(data_format, rank) else "NCHW"
    if x_grad is not None and x_grad.size:
        conv = conv2d if rank == 2 else conv_nd
        conv(xp, out_grad, w, strd, pads, "EXPLICIT", dil, groups, layout, x_grad)
    if w_grad is not None:
        conv_grad(xp, out_grad, w, x, strd, pads, "EXPLICIT", dil, groups, layout, None,
                  w_grad)


#: conv2d_transpose_grad and depthwise_conv2d_transpose_grad: the 2-D case
conv2d_transpose_grad = conv_transpose_grad
