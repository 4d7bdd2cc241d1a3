"""Compiled convolutions: depthwise conv2d direct (NCHW), and the conv epilogue (bias +
activation + residual) in one pass after any conv.

A depthwise conv (groups == input channels, one input channel per filter) runs its
(image, output channel) planes over the threads: the input plane is copied once into a
zero-padded buffer split by phase (row and column modulo the stride: a strided conv
becomes stride-1 ones over contiguous memory), then every filter tap adds the shifted
buffer times the tap over the whole output plane read as one flat row (branch-free
inner loops that vectorise), then the plane is finished (bias, residual, activation)
while in cache. One thread, relu6, ms compiled / plain: 3x3 stride 1 over 144x56x56
0.22 / 0.95, 960x7x7 0.25 / 0.37; stride 2 over 96x112x112 0.52 / 1.59, 576x14x14
0.22 / 0.22 (before the phases, row by row with a column step: 0.85 and 0.25). Small
output planes with many channels run channel-last instead (`CHANNELS_LAST_MAX_PLANE`).
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
from phi.jit.phase_planes import fill_phases
from phi.jit.runtime import helper, kernel, prange, split_runs
from phi.kernels.funcs import conv as conv_funcs
from phi.kernels.funcs import fused as fused_funcs

TYPES = [DataType.FLOAT32, DataType.FLOAT64]
#: Depthwise convs with output planes up to this size (and multiplier 1, at least
#: `CHANNELS_LAST_MIN` channels) run channel-last (`depthwise_channels_last`). One
#: thread, 3x3 + relu6, ms per plane-wise / channel-last: 960x7x7 0.25 / 0.10, 576x14x14
#: 0.21 / 0.17, stride 2 over 576x14x14 0.21 / 0.09 and 192x28x28 0.14 / 0.10; larger
#: output planes lose: 192x28x28 0.12 / 0.23, 144x56x56 0.21 / 0.76.
CHANNELS_LAST_MAX_PLANE = 256
CHANNELS_LAST_MIN = 16


@helper
def _set_taps(plane, phases, filt, dh, dw, ext):
    """plane = the taps of `filt` over the phase-split padded plane, each tap one long
    loop over its phase read as one flat row (oh rows of the phase's width: the columns
    past the output's are computed and dropped), then the output columns copied out. The
    phases turn a strided conv into stride-1 ones over contiguous memory; row by row, the
    short rows of 7x7-28x28 planes did not vectorise (a stride-2 conv over 144x56x56 took
    0.45 ms, plain 0.40) and a column step of 2 never did."""
    sh, sw = phases.shape[0], phases.shape[1]
    oh, ow = plane.shape
    wq = phases.shape[3]
    n = (oh - 1) * wq + ow
    ext[:n] = 0
    p, rr = 0, 0
    for i in range(filt.shape[0]):
        q, cc = 0, 0
        j = 0
        while j < filt.shape[1]:
            src = phases[p, q].reshape(-1)[rr * wq + cc:]
            q += dw
            while q >= sw:
                q, cc = q - sw, cc + 1
            if j + 2 < filt.shape[1]:  # three taps in one pass, added in the same order
                second = phases[p, q].reshape(-1)[rr * wq + cc:]
                q += dw
                while q >= sw:
                    q, cc = q - sw, cc + 1
                third = phases[p, q].reshape(-1)[rr * wq + cc:]
                q += dw
                while q >= sw:
                    q, cc = q - sw, cc + 1
                t0, t1, t2 = filt[i, j], filt[i, j + 1], filt[i, j + 2]
                for k in range(n):
                    v = ext[k] + src[k] * t0
                    v = v + second[k] * t1
                    ext[k] = v + third[k] * t2
                j += 3
                continue
            tap = filt[i, j]
            for k in range(n):
                ext[k] += src[k] * tap
            j += 1
        p += dh
        while p >= sh:
            p, rr = p - sh, rr + 1
    for y in range(oh):
        row = plane[y]
        part = ext[y * wq:]
        for xo in range(ow):
            row[xo] = part[xo]


@kernel
def depthwise_nchw(x, w, bias, residual, has_residual, out, sh, sw, pt, pb, pl, pr, dh, dw,
                   act, k, parts):
    """out = act(depthwise_conv(x, w) + bias + residual); `w` is [C * m, 1, kh, kw]. The
    (image, channel) planes are split in `parts` runs, each with its own buffers made
    once (a buffer per plane cost more than the taps on 7x7 and 14x14 planes)."""
    n, c, h, wd = x.shape
    o = w.shape[0]
    mult = o // c
    oh = out.shape[2]
    hq = (h + pt + pb + sh - 1) // sh
    wq = (wd + pl + pr + sw - 1) // sw
    jobs = n * o
    for part in prange(parts):
        phases = np.zeros((sh, sw, hq, wq), x.dtype)
        ext = np.empty(oh * wq, x.dtype)
        for job in range(part * jobs // parts, (part + 1) * jobs // parts):
            b, oc = job // o, job % o
            fill_phases(phases, x[b, oc // mult], pt, pl)
            plane = out[b, oc]
            _set_taps(plane, phases, w[oc, 0], dh, dw, ext)
            flat = plane.reshape(-1)
            finish_row(flat, residual[b, oc].reshape(-1) if has_residual else flat,
                       has_residual, bias[oc], act, k)


@kernel
def depthwise_channels_last(x, w, bias, residual, has_residual, out, sh, sw, pt, pb, pl, pr,
                            dh, dw, act, k):
    """`depthwise_nchw` for multiplier 1 over channel-last copies: each image transposed
    into a zero-padded [H, W, C] buffer, every output pixel the sum of its taps as
    C-wide vector loops, then finished and transposed back. For small planes, where a
    plane's own loops are too short to vectorise and its fixed costs dominate."""
    n, c, h, wd = x.shape
    oh, ow = out.shape[2], out.shape[3]
    hp, wp = h + pt + pb, wd + pl + pr
    kh, kw = w.shape[2], w.shape[3]
    taps = np.empty((kh, kw, c), x.dtype)
    for ch in range(c):
        for i in range(kh):
            for j in range(kw):
                taps[i, j, ch] = w[ch, 0, i, j]
    padded = np.zeros((hp, wp, c), x.dtype)
    acc = np.empty((oh, ow, c), x.dtype)
    for b in range(n):
        for r in prange(h):
            for col in range(wd):
                dst = padded[r + pt, col + pl]
                for ch in range(c):
                    dst[ch] = x[b, ch, r, col]
        for y in prange(oh):
            for xo in range(ow):
                cell = acc[y, xo]
                cell[:] = 0
                for i in range(kh):
                    for j in range(kw):
                        src = padded[y * sh + i * dh, xo * sw + j * dw]
                        tap = taps[i, j]
                        for ch in range(c):
                            cell[ch] += src[ch] * tap[ch]
        for ch in prange(c):
            plane = out[b, ch].reshape(-1)
            for y in range(oh):
                for xo in range(ow):
                    plane[y * ow + xo] = acc[y, xo, ch]
            finish_row(plane, residual[b, ch].reshape(-1) if has_residual else plane,
                       has_residual, bias[ch], act, k)


def is_depthwise(x: Any, w: Any, groups: int, data_format: str) -> bool:
    """A conv this module computes directly: NCHW, groups == input channels, one input
    channel per filter."""
    return (not conv_funcs.is_channel_last(data_format) and x.ndim == 4 and w.ndim == 4
            and int(groups) == int(x.shape[1]) and int(w.shape[1]) == 1
            and int(w.shape[0]) % int(groups) == 0)


def channels_last_pays(g: conv_funcs.ConvGeometry) -> bool:
    """Whether a depthwise conv runs channel-last (`CHANNELS_LAST_MAX_PLANE`)."""
    return g.og == 1 and g.oh * g.ow <= CHANNELS_LAST_MAX_PLANE and g.o >= CHANNELS_LAST_MIN


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
    if not out.flags.c_contiguous:  # the kernels view planes as flat rows
        dense = np.empty(out.shape, out.dtype)
        conv2d_add_act(xp, x, w, bias, residual, strides, paddings, padding_algorithm,
                       dilations, groups, data_format, activation, alpha, dense, workspace)
        out[...] = dense
        return
    k = constants(out.dtype, alpha)
    channels = int(out.shape[1])
    b = bias_or_zeros(bias, channels, out.dtype)
    res = out if residual is None else np.ascontiguousarray(residual, out.dtype)
    if is_depthwise(x, w, groups, data_format):
        g = conv_funcs.conv2d_geometry(x.shape, w.shape, strides, paddings, padding_algorithm,
                                       dilations, groups, data_format)
        args = (np.ascontiguousarray(x), np.ascontiguousarray(w, x.dtype), b, res,
                residual is not None, out, g.strides[0], g.strides[1], *g.pads,
                g.dilations[0], g.dilations[1], int(act), k)
        if channels_last_pays(g):
            depthwise_channels_last(*args)
        else:
            depthwise_nchw(*args, split_runs(int(out.shape[0]) * channels, max(x.size, out.size)))
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
