"""Lowering of fused_conv2d_add_act (what conv2d + bias + activation fuse to).

For a channel-first conv writing straight into a C-contiguous Out (the funcs' `direct`
case), `conv2d`'s calls are written out on what it would make every call, made once: the
geometry; the input padded into a zero-bordered buffer of the plan's own (one per
shape and paddings, `shared`: every step using it writes the same interior, so its
border stays zero and only the interior is copied per run); the windows over it
(`as_strided`); the column matrix in the device context's workspace (as the kernel's,
sized by the planning run); the filter, columns and Out as the GEMM's operands. Then the
bias and residual added in place and the activation (relu as its one fmax with a 0-d
typed zero, `relu_zero`), as `conv2d_add_act` does. The copies write the values the
kernel's write and the GEMM multiplies the same operands, so Out is bit-identical.
Anything else (channel-last, a strided Out) calls the funcs' conv2d_add_act as the
kernel does."""

from __future__ import annotations

from typing import Any

import numpy as np

from phi.kernels.funcs import activation as act_funcs
from phi.kernels.funcs import conv as conv_funcs
from phi.kernels.funcs import fused as fused_funcs
from phi.kernels.impl.fused_conv2d_add_act_kernel_impl import fused_conv2d_add_act_kernel
from phi.lowering import FLOATS, Emit, Name, NotLowerableError, lowers, scalar


@lowers("fused_conv2d_add_act", fused_conv2d_add_act_kernel, FLOATS)
def fused_conv2d_add_act(emit: Emit, input: Any, filter: Any, bias: Any, residual_data: Any,
                         strides: list[int], paddings: list[int], padding_algorithm: str,
                         dilations: list[int], groups: int, data_format: str,
                         activation: str, split_channels: list[int], exhaustive_search: bool,
                         workspace_size_mb: int, fuse_alpha: float, output: Any,
                         outputs: Any) -> list[str]:
    if split_channels:
        raise NotLowerableError("fused_conv2d_add_act: split_channels (the kernel refuses it)")
    x, w = emit.array(input), emit.array(filter)
    b, r = emit.optional(bias), emit.optional(residual_data)
    o = emit.output(output, input.dtype)
    whole = emit.call(fused_funcs.conv2d_add_act, emit.xp, x, w, b, r,
                      emit.value(strides, "strides"), emit.value(paddings, "paddings"),
                      padding_algorithm, emit.value(dilations, "dilations"), groups,
                      data_format, activation, fuse_alpha, o, emit.workspace)
    xa, wa, oa = emit.buffer(x), emit.buffer(w), emit.buffer(o)
    if conv_funcs.is_channel_last(data_format) or not oa.flags.c_contiguous \
            or not wa.flags.c_contiguous or not xa.flags.c_contiguous:
        return [whole]
    try:
        lines = _conv_lines(emit, x, w, o, strides, paddings, padding_algorithm, dilations,
                            groups, data_format)
    except NotLowerableError:
        return [whole]
    xp = emit.xp
    if b is not None:
        bias3 = emit.view(b, emit.buffer(b).reshape(-1, 1, 1), "bias")
        lines.append(Name(f"{xp}.add({o}, {bias3}, out={o})"))
    if r is not None:
        lines.append(Name(f"{xp}.add({o}, {r}, out={o})"))
    zero = act_funcs.relu_zero(oa, oa) if activation == "relu" else None
    act = fused_funcs.in_place(activation)
    if zero is not None:  # what relu does in place (act_funcs.relu)
        lines.append(Name(f"{xp}.fmax({o}, {scalar(emit, zero, 'zero')}, out={o})"))
    elif act is not None:
        lines.append(emit.call(act, xp, o, fuse_alpha, o))
    return lines


def _conv_lines(emit: Emit, x: Name, w: Name, o: Name, strides: list[int],
                paddings: list[int], padding_algorithm: str, dilations: list[int],
                groups: int, data_format: str) -> list[str]:
    """`conv2d`'s calls for a channel-first conv into a C-contiguous Out (module doc)."""
    xa, wa, oa = emit.buffer(x), emit.buffer(w), emit.buffer(o)
    g = conv_funcs.conv2d_geometry(xa.shape, wa.shape, strides, paddings, padding_algorithm,
                                   dilations, groups, data_format)
    xp, lines = emit.xp, []
    if g.needs_im2col:
        if any(g.pads):
            top, bottom, left, right = g.pads
            shape = (g.n, g.c, g.h + top + bottom, g.w + left + right)
            pad = emit.shared(("conv2d.pad", shape, g.pads, xa.dtype.str),
                              lambda: np.zeros(shape, xa.dtype), "pad")
            padded = emit.buffer(pad)
            inner = emit.view(pad, padded[:, :, top:top + g.h, left:left + g.w], "inner")
            lines.append(Name(f"{xp}.copyto({inner}, {x})"))
        else:
            pad, padded = x, xa
        (dh, dw), (sh, sw) = g.dilations, g.strides
        s_n, s_c, s_h, s_w = padded.strides
        shape6 = (g.n, g.c, g.kh, g.kw, g.oh, g.ow)
        windows = emit.view(pad, conv_funcs.as_strided(
            np, padded, shape6, (s_n, s_c, s_h * dh, s_w * dw, s_h * sh, s_w * sw)), "windows")
        cols = emit.buffer(emit.workspace)("conv2d.cols", shape6, xa.dtype)
        cn = emit.value(cols, "cols")
        lines.append(Name(f"{xp}.copyto({cn}, {windows})"))
        cols4 = emit.view(cn, cols.reshape(g.n, g.groups, g.k, g.p), "cols4")
    else:
        cols4 = emit.view(x, xa.reshape(g.n, g.groups, g.k, g.p), "cols4")
    filters = emit.view(w, wa.reshape(g.groups, g.og, g.k), "filters")
    result = emit.view(o, oa.reshape(g.n, g.groups, g.og, g.p), "result")
    lines.append(Name(f"{xp}.matmul({filters}, {cols4}, out={result})"))
    return lines
