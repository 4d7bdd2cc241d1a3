"""Compiled convolutions: depthwise conv2d direct (NCHW), and the conv epilogue (bias +
activation + residual) in one pass after any conv.

A depthwise conv (groups == input channels, one input channel per filter) runs one task
per (image, output channel) plane over the threads: the input plane is copied once into
a zero-padded buffer, then every filter tap adds the shifted buffer times the tap over
the whole output plane (branch-free inner loops that vectorise; about 8x faster than
one loop with the borders clipped per row, and 1.4-3x faster than the plain im2col +
batched GEMM), then the plane is finished (bias, residual, activation) while in cache.
Other convs (channels mixed: im2col + GEMM is BLAS-bound) compute with the plain conv
math and finish with the compiled epilogue; channel-last (NHWC) data runs the plain body.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor, OutTensorList
from phi.core.kernel_registry import register_kernel
from phi.jit.epilogue import Activation, bias_or_zeros, constants, finish_nchw, finish_row
from phi.jit.runtime import helper, kernel, prange
from phi.kernels.funcs import conv as conv_funcs
from phi.kernels.funcs import fused as fused_funcs

TYPES = [DataType.FLOAT32, DataType.FLOAT64]


@helper
def _add_taps(plane, padded, filt, sh, dh, dw):
    """plane += every tap of `filt` times its window of `padded` (column stride 1).
    Slices, not `xo + j * dw`: indices from `range` alone are known non-negative, so no
    wraparound check stops the loop vectorising."""
    oh, ow = plane.shape
    for i in range(filt.shape[0]):
        for j in range(filt.shape[1]):
            tap = filt[i, j]
            for y in range(oh):
                row = plane[y]
                line = padded[y * sh + i * dh, j * dw:]
                for xo in range(ow):
                    row[xo] += line[xo] * tap


@helper
def _set_taps_flat(plane, padded, filt, dh, dw, ext):
    """plane = the taps of `filt` over `padded` for stride 1, on the padded plane read as
    one flat row: each tap is one long loop over oh rows of the padded width (the columns
    past the output's are computed and dropped), then the output columns are copied out.
    1.1-1.6x faster than row by row; most on small planes (7x7, 14x14), whose rows are
    too short for vector loops."""
    oh, ow = plane.shape
    wp = padded.shape[1]
    flat = padded.reshape(-1)
    n = (oh - 1) * wp + ow
    ext[:n] = 0
    for i in range(filt.shape[0]):
        for j in range(filt.shape[1]):
            tap = filt[i, j]
            src = flat[i * dh * wp + j * dw:]
            for k in range(n):
                ext[k] += src[k] * tap
    for y in range(oh):
        row = plane[y]
        part = ext[y * wp:]
        for xo in range(ow):
            row[xo] = part[xo]


@helper
def _add_taps_strided(plane, padded, filt, sh, sw, dh, dw):
    """`_add_taps` for a column stride above 1."""
    oh, ow = plane.shape
    for i in range(filt.shape[0]):
        for j in range(filt.shape[1]):
            tap = filt[i, j]
            for y in range(oh):
                row = plane[y]
                line = padded[y * sh + i * dh, j * dw::sw]
                for xo in range(ow):
                    row[xo] += line[xo] * tap


@kernel
def depthwise_nchw(x, w, bias, residual, has_residual, out, sh, sw, pt, pb, pl, pr, dh, dw,
                   act, k):
    """out = act(depthwise_conv(x, w) + bias + residual); `w` is [C * m, 1, kh, kw]."""
    n, c, h, wd = x.shape
    o = w.shape[0]
    mult = o // c
    oh = out.shape[2]
    for job in prange(n * o):
        b, oc = job // o, job % o
        padded = np.zeros((h + pt + pb, wd + pl + pr), x.dtype)
        padded[pt:pt + h, pl:pl + wd] = x[b, oc // mult]
        plane = out[b, oc]
        if sh == 1 and sw == 1:
            _set_taps_flat(plane, padded, w[oc, 0], dh, dw,
                           np.empty(oh * (wd + pl + pr), x.dtype))
        else:
            plane[:, :] = k[0]
            if sw == 1:
                _add_taps(plane, padded, w[oc, 0], sh, dh, dw)
            else:
                _add_taps_strided(plane, padded, w[oc, 0], sh, sw, dh, dw)
        flat = plane.reshape(-1)
        finish_row(flat, residual[b, oc].reshape(-1) if has_residual else flat,
                   has_residual, bias[oc], act, k)


def is_depthwise(x: Any, w: Any, groups: int, data_format: str) -> bool:
    """A conv this module computes directly: NCHW, groups == input channels, one input
    channel per filter."""
    return (not conv_funcs.is_channel_last(data_format) and x.ndim == 4 and w.ndim == 4
            and int(groups) == int(x.shape[1]) and int(w.shape[1]) == 1
            and int(w.shape[0]) % int(groups) == 0)


def conv2d_add_act(xp: Any, x: Any, w: Any, bias: Any | None, residual: Any | None,
                   strides: Any, paddings: Any, padding_algorithm: str, dilations: Any,
                   groups: int, data_format: str, activation: str, alpha: float, out: Any,
                   workspace: Any = None) -> None:
    """out = act(conv2d(x, w) + bias[channel] + residual), as `fused.conv2d_add_act`."""
    act = Activation.named(activation)
    if conv_funcs.is_channel_last(data_format) or out.size == 0:
        fused_funcs.conv2d_add_act(xp, x, w, bias, residual, strides, paddings,
                                   padding_algorithm, dilations, groups, data_format,
                                   activation, alpha, out, workspace)
        return
    k = constants(out.dtype, alpha)
    channels = int(out.shape[1])
    b = bias_or_zeros(bias, channels, out.dtype)
    res = out if residual is None else np.ascontiguousarray(residual, out.dtype)
    if is_depthwise(x, w, groups, data_format):
        g = conv_funcs.conv2d_geometry(x.shape, w.shape, strides, paddings, padding_algorithm,
                                       dilations, groups, data_format)
        depthwise_nchw(np.ascontiguousarray(x), np.ascontiguousarray(w, x.dtype), b, res,
                       residual is not None, out, g.strides[0], g.strides[1], *g.pads,
                       g.dilations[0], g.dilations[1], int(act), k)
        return
    conv_funcs.conv2d(xp, x, w, strides, paddings, padding_algorithm, dilations, groups,
                      data_format, out, workspace)
    if bias is None and residual is None and act is Activation.IDENTITY:
        return
    finish_nchw(out, b, res, residual is not None, int(act), k)


@register_kernel("conv2d", Backend.NUMBA, DataLayout.ALL_LAYOUT, TYPES)
def conv2d_kernel(dev_ctx: DeviceContext, input: DenseTensor, filter: DenseTensor,
                  strides: list[int], paddings: list[int], padding_algorithm: str,
                  dilations: list[int], groups: int, data_format: str, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, input.dtype)
    conv2d_add_act(dev_ctx.xp, input.data, filter.data, None, None, strides, paddings,
                   padding_algorithm, dilations, groups, data_format, "identity", 0.0, data,
                   dev_ctx.workspace)


@register_kernel("depthwise_conv2d", Backend.NUMBA, DataLayout.ALL_LAYOUT, TYPES)
def depthwise_conv2d_kernel(dev_ctx: DeviceContext, input: DenseTensor, filter: DenseTensor,
                            strides: list[int], paddings: list[int], padding_algorithm: str,
                            groups: int, dilations: list[int], data_format: str,
                            out: OutTensor) -> None:
    data = dev_ctx.alloc(out, input.dtype)
    conv2d_add_act(dev_ctx.xp, input.data, filter.data, None, None, strides, paddings,
                   padding_algorithm, dilations, groups, data_format, "identity", 0.0, data,
                   dev_ctx.workspace)


@register_kernel("fused_conv2d_add_act", Backend.NUMBA, DataLayout.ALL_LAYOUT, TYPES)
def fused_conv2d_add_act_kernel(
        dev_ctx: DeviceContext, input: DenseTensor, filter: DenseTensor,
        bias: DenseTensor | None, residual_data: DenseTensor | None, strides: list[int],
        paddings: list[int], padding_algorithm: str, dilations: list[int], groups: int,
        data_format: str, activation: str, split_channels: list[int], exhaustive_search: bool,
        workspace_size_MB: int, fuse_alpha: float,  # noqa: N803 (Paddle's name)
        output: OutTensor, outputs: OutTensorList) -> None:
    if split_channels:
        raise ValueError("fused_conv2d_add_act: split_channels (several outputs) is not "
                         "supported; one output is computed")
    data = dev_ctx.alloc(output, input.dtype)
    conv2d_add_act(dev_ctx.xp, input.data, filter.data, None if bias is None else bias.data,
                   None if residual_data is None else residual_data.data, strides, paddings,
                   padding_algorithm, dilations, groups, data_format, activation, fuse_alpha,
                   data, dev_ctx.workspace)
