"""Transposed convolution over 2 or 3 spatial dims (conv2d_transpose,
depthwise_conv2d_transpose, conv3d_transpose).

As in Paddle 3.3.1, the spatial rank comes from the input, not the op: each of the three
takes a 4-D or a 5-D Input (and a Filter of the same rank); strides, output_size and
output_padding must hold one value per spatial dim, paddings one or two per dim, dilations
at least one per dim (extra values are never read; Paddle reads past the end of a shorter
list, which fluidphi refuses). The filter is laid out [in_channels, out_channels / groups,
*kernel]; `data_format` only describes the input and output: only "NHWC" is channel-last,
whatever the rank ("NDHWC" is channel-first, as in Paddle's InferMeta and kernels); groups
need not divide the input channels (see used_channels). Each input pixel scatters `w` into
the output: a GEMM per group gives every pixel's kernel-sized patch (the "columns"), and
col2im adds the patches into the output one kernel tap at a time (a strided slice per tap,
no loop over pixels). Paddings are cut from the border afterwards; output_size /
output_padding extend the output at the far end of each spatial dim.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

from phi.common import DataLayout
from phi.kernels.funcs.common import quiet
from phi.kernels.funcs.conv import resolve_padding

#: the Input (and Filter) ranks Paddle's conv_transpose InferMeta accepts, for every op
INPUT_RANKS = (4, 5)


def _per_dim(op: str, rank: int, name: str, values: Sequence[int]) -> list[int]:
    vals = [int(v) for v in values]
    if len(vals) != rank:
        raise ValueError(f"{op}: Attr({name}) must hold one value per spatial dim of the "
                         f"{rank + 2}-D Input ({rank}), got {vals}")
    return vals


def channel_last(op: str, data_format: str) -> bool:
    """Paddle's transposed convs read only "NHWC" as channel-last ("NCDHW", "NDHWC",
    "AnyLayout" are channel-first); a string that names no layout is an error."""
    try:
        layout = DataLayout.from_str(data_format)
    except ValueError as err:
        raise ValueError(f"{op}: Unknown data layout type string: {data_format!r} "
                         f"({err})") from None
    return layout is DataLayout.NHWC


def used_channels(channels: int, groups: int) -> int:
    """The input channels the op reads: Paddle does not ask groups to divide them and reads
    the first (channels // groups) * groups (each group channels // groups of them); the
    rest take no part (a zero gradient), and fewer channels than groups give a zero output."""
    return int(channels) // int(groups) * int(groups)


def _geometry(op: str, x_dims: Sequence[int], w_dims: Sequence[int], strides: Sequence[int],
              paddings: Sequence[int], padding_algorithm: str, dilations: Sequence[int],
              groups: int, data_format: str
              ) -> tuple[list[int], list[int], list[int], list[int]]:
    """(input spatial dims, [begin, end] pads per dim, dilations, strides), checked as
    Paddle's InferMeta checks them; the spatial rank is Input's rank - 2."""
    if len(x_dims) not in INPUT_RANKS:
        raise ValueError(f"{op}: Input must be a 4-D or 5-D tensor (N, C, *spatial), got "
                         f"dims {list(x_dims)}")
    if len(w_dims) != len(x_dims):
        raise ValueError(f"{op}: Filter must have Input's rank ({len(x_dims)}-D), got "
                         f"Input {list(x_dims)} and Filter {list(w_dims)}")
    rank = len(x_dims) - 2
    groups = int(groups)
    if groups < 1:
        raise ValueError(f"{op}: groups must be at least 1, got {groups}")
    last = channel_last(op, data_format)
    c = int(x_dims[-1] if last else x_dims[1])
    spatial = [int(v) for v in (x_dims[1:-1] if last else x_dims[2:])]
    if c != int(w_dims[0]):
        raise ValueError(f"{op}: the number of input channels ({c}, Input {list(x_dims)}, "
                         f"data_format {data_format}) must equal the filter's first dim "
                         f"({int(w_dims[0])}); filter is [in_channels, out_channels / groups, "
                         f"*kernel]")
    strides = _per_dim(op, rank, "strides", strides)
    if min(strides) < 1:
        raise ValueError(f"{op}: strides must be positive, got {strides}")
    dil = [int(d) for d in dilations]
    if len(dil) < rank:
        raise ValueError(f"{op}: Attr(dilations) must hold at least one value per spatial "
                         f"dim of the {rank + 2}-D Input ({rank}), got {dil}")
    try:
        pads, dil = resolve_padding(paddings, dil[:rank], padding_algorithm, spatial,
                                    w_dims[2:], strides)
    except ValueError as err:
        raise ValueError(f"{op} (a {rank + 2}-D Input): {err}") from None
    return spatial, pads, dil, strides


def check_static_output_size(op_type: str, output_size: Sequence[object]) -> None:
    """A legacy program may hold output_size as tensors (a VARS attribute: variable names);
    fluidphi computes output dims from numbers only, so that is an error, not a guess."""
    names = [v for v in output_size if isinstance(v, str)]
    if names:
        raise ValueError(f"op '{op_type}': an output_size given by tensors {names} (a VARS "
                         f"attribute) is not supported; export the program with output_size "
                         f"as numbers")


def conv_transpose_out_dims(x_dims: Sequence[int], w_dims: Sequence[int],
                            strides: Sequence[int], paddings: Sequence[int],
                            output_padding: Sequence[int], output_size: Sequence[int],
                            padding_algorithm: str, groups: int, dilations: Sequence[int],
                            data_format: str, op: str = "conv_transpose") -> tuple[int, ...]:
    """Output dims: (in - 1) * stride - pads + dilation * (k - 1) + 1 per spatial dim, or
    output_size (which must lie in [that, that + stride)), or that + output_padding (each
    below the stride); 2 or 3 spatial dims as the 4-D or 5-D Input has. `op` names the op
    in errors."""
    spatial, pads, dil, strides = _geometry(op, x_dims, w_dims, strides, paddings,
                                            padding_algorithm, dilations, groups, data_format)
    rank = len(spatial)
    check_static_output_size(op, output_size)
    sizes = [int(v) for v in output_size]
    extra = [int(v) for v in output_padding]
    if sizes:
        _per_dim(op, rank, "output_size", sizes)
    if extra:
        _per_dim(op, rank, "output_padding", extra)
    out_sp = []
    for i in range(rank):
        k = int(w_dims[2 + i])
        infer = (spatial[i] - 1) * strides[i] - pads[2 * i] - pads[2 * i + 1] \
            + dil[i] * (k - 1) + 1
        if sizes:
            if not infer <= sizes[i] < infer + strides[i]:
                raise ValueError(
                    f"{op}: output_size[{i}] ({sizes[i]}) must be in "
                    f"[{infer}, {infer + strides[i]}) (the size without it and that plus "
                    f"the stride)")
            size = sizes[i]
        elif extra:
            # Paddle's InferMeta allows up to max(stride, dilation) - 1, its col2im /
            # col2vol then reject anything not below the stride
            if not 0 <= extra[i] < strides[i]:
                raise ValueError(
                    f"{op}: output_padding[{i}] ({extra[i]}) must be in "
                    f"[0, {strides[i]}) (below the stride): the output and the paddings are "
                    f"inconsistent (mismatching)")
            size = infer + extra[i]
        else:
            size = infer
        if size < 0:
            raise ValueError(f"{op}: output size {size} is negative (input "
                             f"{spatial[i]}, kernel {k}, pads {pads[2 * i]}+{pads[2 * i + 1]})")
        out_sp.append(size)
    n = int(x_dims[0])
    o = int(w_dims[1]) * int(groups)
    return (n, *out_sp, o) if channel_last(op, data_format) else (n, o, *out_sp)


def conv_transpose(xp: Any, x: Any, w: Any, strides: Sequence[int], paddings: Sequence[int],
                   padding_algorithm: str, groups: int, dilations: Sequence[int],
                   data_format: str, out: Any, op: str = "conv_transpose") -> None:
    """out = the transposed convolution of a 4-D or 5-D x by w; `out` has the dims
    conv_transpose_out_dims gives."""
    groups = int(groups)
    _, pads, dil, strides = _geometry(op, x.shape, w.shape, strides, paddings,
                                      padding_algorithm, dilations, groups, data_format)
    rank = x.ndim - 2
    to_first = (0, rank + 1, *range(1, rank + 1))
    last = channel_last(op, data_format)
    xc = x.transpose(to_first) if last else x
    oc = out.transpose(to_first) if last else out
    used = used_channels(xc.shape[1], groups)
    if oc.size == 0:
        return
    if xc.size == 0 or used == 0:
        oc[...] = 0
        return
    with quiet(xp):  # NaN / inf inputs spread as in Paddle
        _scatter(xp, xc[:, :used], w[:used], groups, pads, dil, strides, oc)


def _scatter(xp: Any, xc: Any, w: Any, groups: int, pads: Sequence[int],
             dil: Sequence[int], strides: Sequence[int], oc: Any) -> None:
    """GEMM per group, then col2im tap by tap into channel-first `oc`."""
    n, c, *in_sp = (int(v) for v in xc.shape)
    _, og, *ks = (int(v) for v in w.shape)
    o, out_sp = int(oc.shape[1]), [int(v) for v in oc.shape[2:]]
    rank = len(ks)
    cg = c // groups
    # columns: per group, w_g^T [og * prod(kernel), cg] @ x_g [cg, prod(input)]
    wg = w.reshape(groups, cg, og * math.prod(ks)).transpose(0, 2, 1)
    cols = xp.matmul(wg, xc.reshape(n, groups, cg, math.prod(in_sp)))
    cols = cols.reshape(n, o, *ks, *in_sp)
    # col2im into the uncropped output, then cut the paddings (and extend with zeros)
    full_sp = [max((i - 1) * s + d * (k - 1) + 1, pads[2 * a] + os_)
               for a, (i, s, d, k, os_) in enumerate(zip(in_sp, strides, dil, ks, out_sp))]
    full = xp.zeros((n, o, *full_sp), dtype=cols.dtype)
    if list(strides) == ks and all(d == 1 for d in dil):
        # patches do not overlap: one transpose places them all
        interleave = [ax for a in range(rank) for ax in (2 + rank + a, 2 + a)]
        placed = cols.transpose(0, 1, *interleave).reshape(
            n, o, *(i * k for i, k in zip(in_sp, ks)))
        full[(slice(None), slice(None), *(slice(0, i * k) for i, k in zip(in_sp, ks)))] = placed
    else:
        for taps in itertools.product(*(range(k) for k in ks)):
            where = tuple(slice(t * d, t * d + (i - 1) * s + 1, s)
                          for t, d, i, s in zip(taps, dil, in_sp, strides))
            full[(slice(None), slice(None), *where)] += cols[(slice(None), slice(None), *taps)]
    oc[...] = full[(slice(None), slice(None),
                    *(slice(pads[2 * a], pads[2 * a] + out_sp[a]) for a in range(rank)))]
