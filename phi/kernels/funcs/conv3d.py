"""N-d convolution (conv3d) by im2col: the input windows gathered once as a strided view
and copied into columns, then one batched GEMM over the groups.

Filters are [out_channels, in_channels / groups, *kernel]; `data_format` only describes
the input and output ("NDHWC" / "NHWC" channel-last, "NCDHW" / "NCHW" / "AnyLayout"
channel-first). Padding rules (EXPLICIT with 3 or 6 values, SAME, VALID) are conv2d's
(phi.kernels.funcs.conv.resolve_padding).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import quiet
from phi.kernels.funcs.conv import (
    as_strided,
    conv_output_size,
    is_channel_last,
    resolve_padding,
)

CHANNEL_FIRST = ("NCDHW", "NCHW", "AnyLayout")


def split_channels(x_dims: Sequence[int], data_format: str, op: str
                   ) -> tuple[int, int, list[int]]:
    """(batch, channels, spatial dims) of an input in `data_format`."""
    if not is_channel_last(data_format) and data_format not in CHANNEL_FIRST:
        raise ValueError(f"{op}: unknown data_format {data_format!r}")
    dims = [int(d) for d in x_dims]
    if is_channel_last(data_format):
        return dims[0], dims[-1], dims[1:-1]
    return dims[0], dims[1], dims[2:]


def conv_nd_out_dims(x_dims: Sequence[int], w_dims: Sequence[int], strides: Sequence[int],
                     paddings: Sequence[int], padding_algorithm: str,
                     dilations: Sequence[int], groups: int, data_format: str,
                     op: str = "conv3d", rank: int = 3) -> tuple[int, ...]:
    """Output dims of a `rank`-d convolution (checks ranks, attribute lengths, channels and
    groups, and that every output size is positive)."""
    if len(x_dims) != rank + 2 or len(w_dims) != rank + 2:
        raise ValueError(f"{op} wants a {rank + 2}-D input and filter, got {list(x_dims)} and "
                         f"{list(w_dims)}")
    for name, values in (("strides", strides), ("dilations", dilations)):
        if len(values) != rank:
            raise ValueError(f"{op}: {name} must hold {rank} values, got {list(values)}")
    if groups < 1:
        raise ValueError(f"{op}: groups must be positive, got {groups}")
    n, c, spatial = split_channels(x_dims, data_format, op)
    o, cg = int(w_dims[0]), int(w_dims[1])
    if c != cg * groups:
        raise ValueError(f"{op}: input channels ({c}) must equal filter channels ({cg}) * "
                         f"groups ({groups})")
    if o % groups:
        raise ValueError(f"{op}: output channels ({o}) must be divisible by groups ({groups})")
    ksize = [int(k) for k in w_dims[2:]]
    pads, dil = resolve_padding(paddings, dilations, padding_algorithm, spatial, ksize, strides)
    out = [conv_output_size(spatial[i], ksize[i], dil[i], pads[2 * i], pads[2 * i + 1],
                            int(strides[i])) for i in range(rank)]
    return (n, *out, o) if is_channel_last(data_format) else (n, o, *out)


def conv_nd(xp: Any, x: Any, w: Any, strides: Sequence[int], paddings: Sequence[int],
            padding_algorithm: str, dilations: Sequence[int], groups: int, data_format: str,
            out: Any) -> None:
    """out = conv(x, w) over the trailing spatial dims; `out` has `conv_nd_out_dims`."""
    rank = w.ndim - 2
    channel_last = is_channel_last(data_format)
    xc = xp.moveaxis(x, -1, 1) if channel_last else x
    n, c = int(xc.shape[0]), int(xc.shape[1])
    spatial = [int(d) for d in xc.shape[2:]]
    o, cg = int(w.shape[0]), int(w.shape[1])
    ksize = [int(k) for k in w.shape[2:]]
    pads, dil = resolve_padding(paddings, dilations, padding_algorithm, spatial, ksize, strides)
    outs = [conv_output_size(spatial[i], ksize[i], dil[i], pads[2 * i], pads[2 * i + 1],
                             int(strides[i])) for i in range(rank)]
    if any(pads):
        xc = xp.pad(xc, ((0, 0), (0, 0), *((pads[2 * i], pads[2 * i + 1])
                                           for i in range(rank))))
    sn, sc, *ss = xc.strides
    windows = as_strided(
        xp, xc, (n, c, *ksize, *outs),
        (sn, sc, *(ss[i] * dil[i] for i in range(rank)),
         *(ss[i] * int(strides[i]) for i in range(rank))))
    taps, points = int(np.prod(ksize)), int(np.prod(outs))
    cols = windows.reshape(n, groups, cg * taps, points)  # the im2col copy
    with quiet(xp):  # inf * 0 in a window is NaN, as in Paddle's GEMM
        result = xp.matmul(w.reshape(groups, o // groups, cg * taps), cols)
    result = result.reshape(n, o, *outs)
    out[...] = xp.moveaxis(result, 1, -1) if channel_last else result
