"""Transposed 2-D and 3-D convolution (conv2d_transpose, depthwise_conv2d_transpose,
conv3d_transpose).

The filter is laid out [in_channels, out_channels / groups, *kernel]; `data_format` only
describes the input and output ("NHWC" is channel-last; "NDHWC" too for 2-D inputs, not for
conv3d_transpose, as in Paddle; the others are channel first). Each input pixel scatters
`w` into the output: a GEMM per group gives every pixel's kernel-sized patch (the
"columns"), and col2im adds the patches into the output one kernel tap at a time (a strided
slice per tap, no loop over pixels). Paddings are cut from the border afterwards;
output_size / output_padding extend the output at the far end of each spatial dim.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

from phi.kernels.funcs.common import quiet
from phi.kernels.funcs.conv import is_channel_last, resolve_padding


def _per_dim(op: str, rank: int, name: str, values: Sequence[int], what: str) -> list[int]:
    vals = [int(v) for v in values]
    if len(vals) != rank:
        raise ValueError(f"{op}: {name} must hold {rank} values ({what}), got {vals}")
    return vals


def _op(rank: int) -> str:
    return f"conv{rank}d_transpose"


def _channel_last(data_format: str, rank: int) -> bool:
    """Paddle's conv3d_transpose reads only "NHWC" as channel-last ("NDHWC" is first)."""
    return data_format == "NHWC" if rank == 3 else is_channel_last(data_format)


def _geometry(x_dims: Sequence[int], w_dims: Sequence[int], strides: Sequence[int],
              paddings: Sequence[int], padding_algorithm: str, dilations: Sequence[int],
              groups: int, data_format: str, rank: int = 2
              ) -> tuple[list[int], list[int], list[int], list[int]]:
    """(input spatial dims, [begin, end] pads per dim, dilations, strides), checked."""
    op = _op(rank)
    if len(x_dims) != rank + 2 or len(w_dims) != rank + 2:
        raise ValueError(f"{op} wants a {rank + 2}-D input and a {rank + 2}-D filter, got "
                         f"{list(x_dims)} and {list(w_dims)}")
    groups = int(groups)
    if groups < 1:
        raise ValueError(f"{op}: groups must be at least 1, got {groups}")
    channel_last = _channel_last(data_format, rank)
    c = int(x_dims[-1] if channel_last else x_dims[1])
    spatial = [int(v) for v in (x_dims[1:-1] if channel_last else x_dims[2:])]
    if c != int(w_dims[0]):
        raise ValueError(f"{op}: the number of input channels ({c}) must equal the "
                         f"filter's first dim ({int(w_dims[0])}); filter is [in_channels, "
                         f"out_channels / groups, *kernel]")
    if c % groups:
        raise ValueError(f"{op}: input channels ({c}) must be divisible by groups "
                         f"({groups})")
    strides = _per_dim(op, rank, "strides", strides, "one per spatial dim")
    if min(strides) < 1:
        raise ValueError(f"{op}: strides must be positive, got {strides}")
    dil = _per_dim(op, rank, "dilations", dilations, "one per spatial dim")
    pads, dil = resolve_padding(paddings, dil, padding_algorithm, spatial, w_dims[2:], strides)
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
                              data_format: str, rank: int = 2) -> tuple[int, ...]:
    """Output dims: (in - 1) * stride - pads + dilation * (k - 1) + 1 per spatial dim, or
    output_size (which must lie in [that, that + stride)), or that + output_padding (each in
    [0, max(stride, dilation))); `rank` 3 for conv3d_transpose."""
    op = _op(rank)
    spatial, pads, dil, strides = _geometry(x_dims, w_dims, strides, paddings,
                                            padding_algorithm, dilations, groups, data_format,
                                            rank)
    check_static_output_size(op, output_size)
    sizes = [int(v) for v in output_size]
    extra = [int(v) for v in output_padding]
    if sizes and len(sizes) != rank:
        raise ValueError(f"{op}: output_size must hold {rank} values, got {sizes}")
    if extra and len(extra) != rank:
        raise ValueError(f"{op}: output_padding must hold {rank} values, got {extra}")
    out_hw = []
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
            # Paddle's InferMeta allows up to max(stride, dilation) - 1, its col2im then
            # rejects anything not below the stride
            if not 0 <= extra[i] < strides[i]:
                raise ValueError(
                    f"{op}: output_padding[{i}] ({extra[i]}) must be in "
                    f"[0, {strides[i]}) (below the stride): Output_height and padding "
                    f"are inconsistent")
            size = infer + extra[i]
        else:
            size = infer
        if size < 0:
            raise ValueError(f"{op}: output size {size} is negative (input "
                             f"{spatial[i]}, kernel {k}, pads {pads[2 * i]}+{pads[2 * i + 1]})")
        out_hw.append(size)
    n = int(x_dims[0])
    o = int(w_dims[1]) * int(groups)
    return (n, *out_hw, o) if _channel_last(data_format, rank) else (n, o, *out_hw)


def conv2d_transpose(xp: Any, x: Any, w: Any, strides: Sequence[int], paddings: Sequence[int],
                     padding_algorithm: str, groups: int, dilations: Sequence[int],
                     data_format: str, out: Any) -> None:
    """out = conv2d_transpose(x, w) (conv3d_transpose for 5-D x); `out` has the dims
    conv2d_transpose_out_dims gives."""
    groups = int(groups)
    rank = x.ndim - 2
    channel_last = _channel_last(data_format, rank)
    to_first = (0, rank + 1, *range(1, rank + 1))
    xc = x.transpose(to_first) if channel_last else x
    oc = out.transpose(to_first) if channel_last else out
    _, pads, dil, strides = _geometry(x.shape, w.shape, strides, paddings, padding_algorithm,
                                      dilations, groups, data_format, rank)
    if oc.size == 0:
        return
    if xc.size == 0:
        oc[...] = 0
        return
    with quiet(xp):  # NaN / inf inputs spread as in Paddle
        _scatter(xp, xc, w, groups, pads, dil, strides, oc)


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
