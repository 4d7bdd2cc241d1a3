"""Transposed 2-D convolution (conv2d_transpose, depthwise_conv2d_transpose).

The filter is laid out [in_channels, out_channels / groups, kh, kw]; `data_format` only
describes the input and output ("NHWC" is channel-last, "NCHW" and "AnyLayout" channel
first). Each input pixel scatters `w` into the output: a GEMM per group gives every
pixel's kernel-sized patch (the "columns"), and col2im adds the patches into the output
one kernel tap at a time (a strided slice per tap, no loop over pixels). Paddings are
cut from the border afterwards; output_size / output_padding extend the output at the
bottom and right.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from phi.kernels.funcs.common import quiet
from phi.kernels.funcs.conv import is_channel_last, resolve_padding


def _pairs(name: str, values: Sequence[int], what: str) -> list[int]:
    vals = [int(v) for v in values]
    if len(vals) != 2:
        raise ValueError(f"conv2d_transpose: {name} must hold 2 values ({what}), got {vals}")
    return vals


def _geometry(x_dims: Sequence[int], w_dims: Sequence[int], strides: Sequence[int],
              paddings: Sequence[int], padding_algorithm: str, dilations: Sequence[int],
              groups: int, data_format: str) -> tuple[list[int], list[int], list[int],
                                                        list[int]]:
    """(input spatial dims, [top, bottom, left, right] pads, dilations, strides), checked."""
    if len(x_dims) != 4 or len(w_dims) != 4:
        raise ValueError(f"conv2d_transpose wants a 4-D input and a 4-D filter, got "
                         f"{list(x_dims)} and {list(w_dims)}")
    groups = int(groups)
    if groups < 1:
        raise ValueError(f"conv2d_transpose: groups must be at least 1, got {groups}")
    channel_last = is_channel_last(data_format)
    c = int(x_dims[3] if channel_last else x_dims[1])
    spatial = [int(v) for v in (x_dims[1:3] if channel_last else x_dims[2:4])]
    if c != int(w_dims[0]):
        raise ValueError(f"conv2d_transpose: the number of input channels ({c}) must equal the "
                         f"filter's first dim ({int(w_dims[0])}); filter is [in_channels, "
                         f"out_channels / groups, kh, kw]")
    if c % groups:
        raise ValueError(f"conv2d_transpose: input channels ({c}) must be divisible by groups "
                         f"({groups})")
    strides = _pairs("strides", strides, "one per spatial dim")
    if min(strides) < 1:
        raise ValueError(f"conv2d_transpose: strides must be positive, got {strides}")
    dil = _pairs("dilations", dilations, "one per spatial dim")
    pads, dil = resolve_padding(paddings, dil, padding_algorithm, spatial, w_dims[2:4], strides)
    return spatial, pads, dil, strides


def check_static_output_size(op_type: str, output_size: Sequence[object]) -> None:
    """A legacy program may hold output_size as tensors (a VARS attribute: variable names);
    fluidphi computes output dims from numbers only, so that is an error, not a guess."""
    names = [v for v in output_size if isinstance(v, str)]
    if names:
        raise ValueError(f"op '{op_type}': an output_size given by tensors {names} (a VARS "
                         f"attribute) is not supported; export the program with output_size "
                         f"as numbers")


def conv2d_transpose_out_dims(x_dims: Sequence[int], w_dims: Sequence[int],
                              strides: Sequence[int], paddings: Sequence[int],
                              output_padding: Sequence[int], output_size: Sequence[int],
                              padding_algorithm: str, groups: int, dilations: Sequence[int],
                              data_format: str) -> tuple[int, ...]:
    """Output dims: (in - 1) * stride - pads + dilation * (k - 1) + 1 per spatial dim, or
    output_size (which must lie in [that, that + stride)), or that + output_padding (each in
    [0, max(stride, dilation)))."""
    spatial, pads, dil, strides = _geometry(x_dims, w_dims, strides, paddings,
                                            padding_algorithm, dilations, groups, data_format)
    check_static_output_size("conv2d_transpose", output_size)
    sizes = [int(v) for v in output_size]
    extra = [int(v) for v in output_padding]
    if sizes and len(sizes) != 2:
        raise ValueError(f"conv2d_transpose: output_size must hold 2 values, got {sizes}")
    if extra and len(extra) != 2:
        raise ValueError(f"conv2d_transpose: output_padding must hold 2 values, got {extra}")
    out_hw = []
    for i in range(2):
        k = int(w_dims[2 + i])
        infer = (spatial[i] - 1) * strides[i] - pads[2 * i] - pads[2 * i + 1] \
            + dil[i] * (k - 1) + 1
        if sizes:
            if not infer <= sizes[i] < infer + strides[i]:
                raise ValueError(
                    f"conv2d_transpose: output_size[{i}] ({sizes[i]}) must be in "
                    f"[{infer}, {infer + strides[i]}) (the size without it and that plus "
                    f"the stride)")
            size = sizes[i]
        elif extra:
            # Paddle's InferMeta allows up to max(stride, dilation) - 1, its col2im then
            # rejects anything not below the stride
            if not 0 <= extra[i] < strides[i]:
                raise ValueError(
                    f"conv2d_transpose: output_padding[{i}] ({extra[i]}) must be in "
                    f"[0, {strides[i]}) (below the stride): Output_height and padding "
                    f"are inconsistent")
            size = infer + extra[i]
        else:
            size = infer
        if size < 0:
            raise ValueError(f"conv2d_transpose: output size {size} is negative (input "
                             f"{spatial[i]}, kernel {k}, pads {pads[2 * i]}+{pads[2 * i + 1]})")
        out_hw.append(size)
    n = int(x_dims[0])
    o = int(w_dims[1]) * int(groups)
    return (n, *out_hw, o) if is_channel_last(data_format) else (n, o, *out_hw)


def conv2d_transpose(xp: Any, x: Any, w: Any, strides: Sequence[int], paddings: Sequence[int],
                     padding_algorithm: str, groups: int, dilations: Sequence[int],
                     data_format: str, out: Any) -> None:
    """out = conv2d_transpose(x, w); `out` has the dims conv2d_transpose_out_dims gives."""
    groups = int(groups)
    channel_last = is_channel_last(data_format)
    xc = x.transpose(0, 3, 1, 2) if channel_last else x
    oc = out.transpose(0, 3, 1, 2) if channel_last else out
    _, pads, dil, strides = _geometry(x.shape, w.shape, strides, paddings, padding_algorithm,
                                      dilations, groups, "NHWC" if channel_last else "NCHW")
    if oc.size == 0:
        return
    if xc.size == 0:
        oc[...] = 0
        return
    with quiet(xp):  # NaN / inf inputs spread as in Paddle
        _scatter(xp, xc, w, groups, pads, (dil[0], dil[1]), (strides[0], strides[1]), oc)


def _scatter(xp: Any, xc: Any, w: Any, groups: int, pads: Sequence[int],
             dil: tuple[int, int], strides: tuple[int, int], oc: Any) -> None:
    """GEMM per group, then col2im tap by tap into channel-first `oc`."""
    n, c, h, wd = (int(v) for v in xc.shape)
    _, og, kh, kw = (int(v) for v in w.shape)
    o, oh, ow = int(oc.shape[1]), int(oc.shape[2]), int(oc.shape[3])
    (dh, dw), (sh, sw) = dil, strides
    cg = c // groups
    # columns: per group, w_g^T [og * kh * kw, cg] @ x_g [cg, h * w]
    wg = w.reshape(groups, cg, og * kh * kw).transpose(0, 2, 1)
    cols = xp.matmul(wg, xc.reshape(n, groups, cg, h * wd))
    cols = cols.reshape(n, o, kh, kw, h, wd)
    # col2im into the uncropped output, then cut the paddings (and extend with zeros)
    full_h = max((h - 1) * sh + dh * (kh - 1) + 1, pads[0] + oh)
    full_w = max((wd - 1) * sw + dw * (kw - 1) + 1, pads[2] + ow)
    if (sh, sw) == (kh, kw) and (dh, dw) == (1, 1):
        # patches do not overlap: one transpose places them all
        full = xp.zeros((n, o, full_h, full_w), dtype=cols.dtype)
        full[:, :, :h * kh, :wd * kw] = cols.transpose(0, 1, 4, 2, 5, 3).reshape(
            n, o, h * kh, wd * kw)
    else:
        full = xp.zeros((n, o, full_h, full_w), dtype=cols.dtype)
        for i in range(kh):
            rows = slice(i * dh, i * dh + (h - 1) * sh + 1, sh)
            for j in range(kw):
                full[:, :, rows, j * dw:j * dw + (wd - 1) * sw + 1:sw] += cols[:, :, i, j]
    oc[...] = full[:, :, pads[0]:pads[0] + oh, pads[2]:pads[2] + ow]
