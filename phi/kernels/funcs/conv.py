"""2-D convolution (plain, grouped, depthwise) and the padding/shape rules conv ops share.

Filters are always laid out [out_channels, in_channels / groups, kh, kw];
`data_format` only describes the input and output ("NHWC" is channel-last;
"NCHW" and "AnyLayout" are channel-first).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

from phi.kernels.funcs.common import Workspace, quiet, scratch

CHANNEL_LAST_FORMATS = ("NHWC", "NDHWC")


def is_channel_last(data_format: str) -> bool:
    return data_format in CHANNEL_LAST_FORMATS


def expand_paddings(paddings: Sequence[int], spatial_rank: int) -> list[int]:
    """[p_h, p_w] -> [top, bottom, left, right]; a 2*rank list is returned as is."""
    pads = [int(p) for p in paddings]
    if len(pads) == spatial_rank:
        return [p for p in pads for _ in range(2)]
    if len(pads) == 2 * spatial_rank:
        return pads
    raise ValueError(f"paddings must hold {spatial_rank} or {2 * spatial_rank} values, "
                     f"got {pads}")


def resolve_padding(paddings: Sequence[int], dilations: Sequence[int] | None,
                    padding_algorithm: str, in_spatial: Sequence[int], ksize: Sequence[int],
                    strides: Sequence[int]) -> tuple[list[int], list[int]]:
    """Explicit [begin, end] pads per spatial dim, and dilations, after `padding_algorithm`.

    "SAME" pads so that out = ceil(in / stride), the odd pixel going to the end,
    and resets dilations to 1; "VALID" pads nothing; "EXPLICIT" keeps `paddings`.
    """
    rank = len(in_spatial)
    pads = expand_paddings(paddings, rank)
    dil = [int(d) for d in (dilations if dilations is not None else [1] * rank)]
    if padding_algorithm == "SAME":
        for i in range(rank):
            stride = int(strides[i])
            out = (int(in_spatial[i]) + stride - 1) // stride
            total = max((out - 1) * stride + int(ksize[i]) - int(in_spatial[i]), 0)
            pads[2 * i] = total // 2
            pads[2 * i + 1] = total - total // 2
            dil[i] = 1
    elif padding_algorithm == "VALID":
        pads = [0] * (2 * rank)
    elif padding_algorithm != "EXPLICIT":
        raise ValueError(f"padding_algorithm must be EXPLICIT, SAME or VALID, "
                         f"got {padding_algorithm!r}")
    return pads, dil


def conv_output_size(in_size: int, ksize: int, dilation: int, pad_begin: int, pad_end: int,
                     stride: int) -> int:
    span = dilation * (ksize - 1) + 1
    size = (in_size + pad_begin + pad_end - span) // stride + 1
    if size <= 0:
        raise ValueError(f"conv output size {size} is not positive (input {in_size}, kernel "
                         f"span {span}, paddings {pad_begin}+{pad_end}, stride {stride})")
    return size


def conv2d_out_dims(x_dims: Sequence[int], w_dims: Sequence[int], strides: Sequence[int],
                    paddings: Sequence[int], padding_algorithm: str, dilations: Sequence[int],
                    groups: int, data_format: str) -> tuple[int, ...]:
    """Output dims of a 2-D convolution (checks ranks and channel/group agreement)."""
    if len(x_dims) != 4 or len(w_dims) != 4:
        raise ValueError(f"conv2d wants a 4-D input and a 4-D filter, got {list(x_dims)} and "
                         f"{list(w_dims)}")
    g = conv2d_geometry(x_dims, w_dims, strides, paddings, padding_algorithm, dilations,
                        groups, data_format)
    if g.c != g.cg * g.groups:
        raise ValueError(f"conv2d: input channels ({g.c}) must equal filter channels ({g.cg}) "
                         f"* groups ({g.groups})")
    if g.o % g.groups:
        raise ValueError(f"conv2d: output channels ({g.o}) must be divisible by groups "
                         f"({g.groups})")
    if is_channel_last(data_format):
        return (x_dims[0], g.oh, g.ow, g.o)
    return (x_dims[0], g.o, g.oh, g.ow)


def as_strided(xp: Any, array: Any, shape: tuple[int, ...], strides: tuple[int, ...]) -> Any:
    """A strided view, only read (NumPy and CuPy both provide
    `lib.stride_tricks.as_strided`). A C-contiguous NumPy array is viewed through the
    ndarray constructor, which checks that the view stays inside the array and costs a
    seventh of NumPy's `as_strided` (a conv asks once per call)."""
    if xp is np and type(array) is np.ndarray and array.flags.c_contiguous and array.size:
        try:
            return np.ndarray(shape, array.dtype, buffer=array, strides=strides)
        except (ValueError, TypeError):  # a view reaching outside: as NumPy would make it
            pass
    return xp.lib.stride_tricks.as_strided(array, shape=shape, strides=strides)


def pad_spatial(xp: Any, x: Any, pads: Sequence[int], value: float = 0.0,
                workspace: Workspace | None = None, key: str = "pad") -> Any:
    """`x` (NCHW, any strides) padded on its last two axes by [top, bottom, left, right] with
    `value`, in the workspace `key` (only the border is filled); `x` itself when all pads are 0.
    """
    if not any(pads):
        return x
    top, bottom, left, right = map(int, pads)
    n, c, h, w = x.shape
    buf = scratch(xp, workspace, key, (n, c, h + top + bottom, w + left + right), x.dtype)
    buf[:, :, :top] = value
    buf[:, :, top + h:] = value
    buf[:, :, top:top + h, :left] = value
    buf[:, :, top:top + h, left + w:] = value
    buf[:, :, top:top + h, left:left + w] = x
    return buf


class ConvGeometry(NamedTuple):
    """One 2-D convolution as GEMMs: per image and group, [og, k] x [k, p] -> [og, p]."""

    n: int
    c: int
    h: int
    w: int
    o: int
    cg: int
    kh: int
    kw: int
    groups: int
    pads: tuple[int, int, int, int]
    dilations: tuple[int, int]
    strides: tuple[int, int]
    oh: int
    ow: int

    @property
    def og(self) -> int:
        return self.o // self.groups

    @property
    def k(self) -> int:
        return self.cg * self.kh * self.kw

    @property
    def p(self) -> int:
        return self.oh * self.ow

    @property
    def needs_im2col(self) -> bool:
        """False for a 1x1, stride-1, unpadded conv: the input is its own column matrix."""
        return (self.kh, self.kw, *self.strides) != (1, 1, 1, 1) or any(self.pads)


def conv2d_geometry(x_dims: Sequence[int], w_dims: Sequence[int], strides: Sequence[int],
                    paddings: Sequence[int], padding_algorithm: str,
                    dilations: Sequence[int], groups: int, data_format: str) -> ConvGeometry:
    """The sizes of a 2-D conv (x's dims in `data_format`, filter OIHW); cached, since a
    planned program asks the same question every run."""
    return _geometry(tuple(x_dims), tuple(w_dims), tuple(strides), tuple(paddings),
                     padding_algorithm, None if dilations is None else tuple(dilations),
                     int(groups), data_format)


@functools.lru_cache(maxsize=1024)
def _geometry(x_dims: tuple[int, ...], w_dims: tuple[int, ...], strides: tuple[int, ...],
              paddings: tuple[int, ...], padding_algorithm: str,
              dilations: tuple[int, ...] | None, groups: int, data_format: str
              ) -> ConvGeometry:
    x_dims = [int(d) for d in x_dims]
    n, c, h, wd = ([x_dims[0], x_dims[3], *x_dims[1:3]] if is_channel_last(data_format)
                   else x_dims)
    o, cg, kh, kw = (int(v) for v in w_dims)
    pads, (dh, dw) = resolve_padding(paddings, dilations, padding_algorithm, (h, wd), (kh, kw),
                                     strides)
    sh, sw = int(strides[0]), int(strides[1])
    oh = conv_output_size(h, kh, dh, pads[0], pads[1], sh)
    ow = conv_output_size(wd, kw, dw, pads[2], pads[3], sw)
    return ConvGeometry(n, c, h, wd, o, cg, kh, kw, max(int(groups), 1), tuple(pads), (dh, dw),
                        (sh, sw), oh, ow)


def conv2d(xp: Any, x: Any, w: Any, strides: Sequence[int], paddings: Sequence[int],
           padding_algorithm: str, dilations: Sequence[int], groups: int, data_format: str,
           out: Any, workspace: Workspace | None = None) -> None:
    """out = conv2d(x, w); `out` has the dims `conv2d_out_dims` gives.

    Every convolution is one (grouped) GEMM per image, written straight into `out`:
    the filter as stored, [groups, O / groups, C / groups * kh * kw], times the input
    windows gathered into the workspace "conv2d.cols" (im2col, channel-major rows so the
    filter needs no reordering). A 1x1, stride-1, unpadded conv multiplies the input
    itself. Depthwise convs (one input channel per group) take the same path, as a batch
    of [multiplier, kh*kw] x [kh*kw, oh*ow] products: measured 1.5-2x faster than
    accumulating the kh*kw taps with broadcast multiply-adds.
    """
    g = conv2d_geometry(x.shape, w.shape, strides, paddings, padding_algorithm, dilations,
                        groups, data_format)
    channel_last = is_channel_last(data_format)
    xc = x.transpose(0, 3, 1, 2) if channel_last else x
    if g.needs_im2col:
        xpad = pad_spatial(xp, xc, g.pads, 0.0, workspace, "conv2d.pad")
        (dh, dw), (sh, sw) = g.dilations, g.strides
        s_n, s_c, s_h, s_w = xpad.strides
        shape = (g.n, g.c, g.kh, g.kw, g.oh, g.ow)
        windows = as_strided(xp, xpad, shape, (s_n, s_c, s_h * dh, s_w * dw, s_h * sh, s_w * sw))
        cols = scratch(xp, workspace, "conv2d.cols", shape, xc.dtype)
        xp.copyto(cols, windows)
    else:
        cols = xc
    cols = cols.reshape(g.n, g.groups, g.k, g.p)
    direct = not channel_last and out.flags.c_contiguous
    result = out if direct else scratch(xp, workspace, "conv2d.out", (g.n, g.o, g.oh, g.ow),
                                        out.dtype)
    xp.matmul(w.reshape(g.groups, g.og, g.k), cols, out=result.reshape(g.n, g.groups, g.og, g.p))
    if not direct:
        out[...] = result.transpose(0, 2, 3, 1) if channel_last else result


# -- deformable convolution (deformable_conv with Mask, deformable_conv_v1 without) ---------

def _check(ok: bool, op: str, what: str) -> None:
    if not ok:
        raise ValueError(f"{op}: {what}")


def deformable_conv_out_dims(op: str, x_dims: Sequence[int], offset_dims: Sequence[int],
                             w_dims: Sequence[int], mask_dims: Sequence[int] | None,
                             strides: Sequence[int], paddings: Sequence[int],
                             dilations: Sequence[int], groups: int, deformable_groups: int,
                             im2col_step: int) -> tuple[int, ...]:
    """Output dims [N, O, oh, ow] of a deformable convolution, after Paddle's checks (and
    ours where Paddle reads out of bounds: Offset / Mask batch, channels per deformable group).
    """
    x_dims, offset_dims, w_dims = ([int(d) for d in dims] for dims in (x_dims, offset_dims,
                                                                       w_dims))
    for slot, dims in (("Input", x_dims), ("Offset", offset_dims), ("Filter", w_dims)):
        _check(len(dims) == 4, op, f"{slot} must be 4-D, got dims {dims}")
    _check(len(strides) == 2 and len(paddings) == 2 and len(dilations) == 2, op,
           f"strides, paddings and dilations must hold 2 values each, got {list(strides)}, "
           f"{list(paddings)}, {list(dilations)}")
    _check(all(int(v) > 0 for v in (*strides, *dilations)), op,
           f"strides {list(strides)} and dilations {list(dilations)} must be positive")
    n, c, h, w = x_dims
    o, cg, kh, kw = w_dims
    groups, deformable_groups = int(groups), int(deformable_groups)
    _check(groups > 0 and deformable_groups > 0, op,
           f"groups ({groups}) and deformable_groups ({deformable_groups}) must be positive")
    _check(c == cg * groups, op, f"Input channels ({c}) must equal Filter channels ({cg}) * "
                                 f"groups ({groups})")
    _check(o % groups == 0 and o % deformable_groups == 0, op,
           f"output channels ({o}) must be divisible by groups ({groups}) and "
           f"deformable_groups ({deformable_groups})")
    _check(c % deformable_groups == 0, op, f"Input channels ({c}) must be divisible by "
                                           f"deformable_groups ({deformable_groups})")
    step = min(int(im2col_step), n)
    _check(n == 0 or (step > 0 and n % step == 0), op,
           f"Input batch {n} must be at most or a multiple of im2col_step ({im2col_step})")
    oh = conv_output_size(h, kh, int(dilations[0]), int(paddings[0]), int(paddings[0]),
                          int(strides[0]))
    ow = conv_output_size(w, kw, int(dilations[1]), int(paddings[1]), int(paddings[1]),
                          int(strides[1]))
    want = {"Offset": (n, 2 * deformable_groups * kh * kw, oh, ow)}
    if mask_dims is not None:
        want["Mask"] = (n, deformable_groups * kh * kw, oh, ow)
    for slot, dims in (("Offset", offset_dims), ("Mask", mask_dims)):
        if slot in want:
            _check(tuple(int(d) for d in dims) == want[slot], op,
                   f"{slot} must have dims {list(want[slot])} (batch, deformable_groups * "
                   f"{'2 * ' if slot == 'Offset' else ''}kh * kw, output height, width), got "
                   f"{list(dims)}")
    return (n, o, oh, ow)


def deformable_conv(xp: Any, x: Any, offset: Any, w: Any, mask: Any | None,
                    strides: Sequence[int], paddings: Sequence[int], dilations: Sequence[int],
                    groups: int, deformable_groups: int, out: Any,
                    workspace: Workspace | None = None) -> None:
    """out = the filter times bilinear samples of `x` at the kernel taps moved by `offset`.

    Offset [N, dg * kh * kw * 2, oh, ow] holds (dy, dx) per deformable group and tap; a
    sample at (py, px) outside (-1, H) x (-1, W) is 0, inside it each of its four corners
    that lies in the image is weighted (1 - |dy|)(1 - |dx|) and summed in the order
    (low, low), (low, high), (high, low), (high, high); Mask [N, dg * kh * kw, oh, ow]
    (deformable_conv) scales each sample. Then one grouped GEMM per image, as `conv2d`.
    """
    n, c, h, wd = (int(d) for d in x.shape)
    o, cg, kh, kw = (int(d) for d in w.shape)
    _, _, oh, ow = (int(d) for d in out.shape)
    dg, taps = int(deformable_groups), kh * kw
    (sh, sw), (ph, pw), (dh, dw) = ((int(a), int(b)) for a, b in (strides, paddings, dilations))
    ky, kx = (a.reshape(taps, 1, 1) for a in xp.meshgrid(xp.arange(kh) * dh, xp.arange(kw) * dw,
                                                       indexing="ij"))
    off = offset.reshape(n, dg, taps, 2, oh, ow)
    py = off[:, :, :, 0] + (ky + (xp.arange(oh) * sh - ph).reshape(1, oh, 1)).astype(x.dtype)
    px = off[:, :, :, 1] + (kx + (xp.arange(ow) * sw - pw).reshape(1, 1, ow)).astype(x.dtype)
    inside = (py > -1) & (px > -1) & (py < h) & (px < wd)
    y0 = xp.floor(xp.where(inside, py, 0))
    x0 = xp.floor(xp.where(inside, px, 0))
    ly, lx = py - y0, px - x0
    y0, x0 = y0.astype(xp.int64), x0.astype(xp.int64)
    planes = x.reshape(n, dg, c // dg, h * wd)
    cols = scratch(xp, workspace, "deformable_conv.cols", (n, dg, c // dg, taps, oh, ow), x.dtype)
    cols[...] = 0
    zero = xp.zeros((), x.dtype)
    for yy, xx, wy, wx in ((y0, x0, 1 - ly, 1 - lx), (y0, x0 + 1, 1 - ly, lx),
                           (y0 + 1, x0, ly, 1 - lx), (y0 + 1, x0 + 1, ly, lx)):
        ok = inside & (yy >= 0) & (yy < h) & (xx >= 0) & (xx < wd)
        flat = (xp.clip(yy, 0, h - 1) * wd + xp.clip(xx, 0, wd - 1)).reshape(
            n, dg, 1, taps * oh * ow)
        corner = xp.take_along_axis(planes, flat, axis=-1).reshape(cols.shape)
        with quiet(xp):
            cols += xp.where(ok[:, :, None], (wy * wx)[:, :, None] * corner, zero)
    if mask is not None:
        cols *= mask.reshape(n, dg, 1, taps, oh, ow)
    out[...] = xp.matmul(w.reshape(groups, o // groups, cg * taps),
                         cols.reshape(n, groups, cg * taps, oh * ow)).reshape(out.shape)
