"""Gradients of the transposed 2-D convolution (conv2d_transpose,
depthwise_conv2d_transpose).

conv2d_transpose(x, w) is the input gradient of conv2d(., w) seeded with x, so its own
gradients are convolutions: Input@GRAD = conv2d(out_grad, w) with the forward's strides,
resolved pads, dilations and groups (the filter [in, out / groups, kh, kw] read as a conv2d
filter with `in` output channels; rows and columns that output_padding / output_size added
at the bottom and right receive nothing and are never read), and Filter@GRAD is conv2d's
filter gradient with out_grad as the image and x as the output gradient.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from phi.kernels.funcs.conv import conv2d
from phi.kernels.funcs.conv_grad import conv2d_grad
from phi.kernels.funcs.conv_transpose import _geometry as transpose_geometry


def conv2d_transpose_grad(xp: Any, x: Any, w: Any, out_grad: Any, strides: Sequence[int],
                          paddings: Sequence[int], padding_algorithm: str, groups: int,
                          dilations: Sequence[int], data_format: str, x_grad: Any | None,
                          w_grad: Any | None) -> None:
    """x_grad / w_grad (either may be None: not asked for) of conv2d_transpose(x, w)."""
    _, pads, dil, strd = transpose_geometry(x.shape, w.shape, strides, paddings,
                                            padding_algorithm, dilations, groups, data_format)
    if x_grad is not None:
        if x_grad.size:
            conv2d(xp, out_grad, w, strd, pads, "EXPLICIT", dil, groups, data_format, x_grad)
    if w_grad is not None:
        if x.size == 0 or out_grad.size == 0:
            w_grad[...] = 0
            return
        conv2d_grad(xp, out_grad, w, x, strd, pads, "EXPLICIT", dil, groups, data_format,
                    None, w_grad)
