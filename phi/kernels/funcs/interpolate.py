"""Interpolation (the *_interp ops): which resampling runs, the output size, and the call.

One family of ops shares this: nearest_interp(_v2), bilinear_interp(_v2), bicubic_interp_v2,
linear_interp_v2 and trilinear_interp_v2. What runs depends on the input rank and the
`interp_method` attribute, not on the op type (Paddle dispatches the same way): a 3-D input
takes linear; 4-D bilinear, nearest or bicubic; 5-D trilinear or nearest. The math is in
`interp_sampling`.

The output size comes, in Paddle's order of precedence, from the SizeTensor list, else
from a Scale tensor or the `scale` attribute (out = int(in * scale)) overridden by an
OutSize tensor, else from the out_d / out_h / out_w attributes; OutSize and SizeTensor
hold int32, Scale float32 (Paddle reads their memory as such).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from phi.kernels.funcs import interp_sampling as sampling
from phi.kernels.funcs.common import quiet, to_host


class InterpMethod(enum.Enum):
    LINEAR = "linear"
    BILINEAR = "bilinear"
    TRILINEAR = "trilinear"
    NEAREST = "nearest"
    BICUBIC = "bicubic"


#: input rank -> the methods Paddle computes for it
METHODS_BY_RANK: dict[int, tuple[InterpMethod, ...]] = {
    3: (InterpMethod.LINEAR,),
    4: (InterpMethod.BILINEAR, InterpMethod.NEAREST, InterpMethod.BICUBIC),
    5: (InterpMethod.TRILINEAR, InterpMethod.NEAREST),
}
#: `data_layout` strings Paddle parses. Only "NCHW" means channels first: Paddle's kernels
#: test `layout == NCHW`, so "NCDHW" and "AnyLayout" run channel-last (the Python API only
#: ever writes "NCHW" or "NHWC").
LAYOUTS = ("NCHW", "NHWC", "NCDHW", "NDHWC", "AnyLayout", "ANYLAYOUT")
#: per spatial axis: whether Paddle computes the half-pixel source position in float64
#: before storing it as float32 (bilinear: the height axis only)
SRC_IN_DOUBLE = {InterpMethod.BILINEAR: (True, False),
                 InterpMethod.TRILINEAR: (False, False, False)}
#: corner order of the weighted sum: bilinear walks y fastest, trilinear x fastest
CORNERS = {InterpMethod.BILINEAR: [(0, 0), (1, 0), (0, 1), (1, 1)],
           InterpMethod.TRILINEAR: sampling.corners_x_fastest(3)}


def parse_method(op_type: str, interp_method: str, rank: int) -> InterpMethod:
    """The resampling for `interp_method` on a `rank`-D input; an error names what fits."""
    allowed = METHODS_BY_RANK.get(rank)
    if allowed is None:
        raise ValueError(f"{op_type}: X must be 3-D, 4-D or 5-D, got a {rank}-D tensor")
    method = next((m for m in allowed if m.value == interp_method), None)
    if method is None:
        names = " or ".join(f'"{m.value}"' for m in allowed)
        raise ValueError(f"{op_type}: Interpolation method can only be {names} when Input(X) "
                         f"dimension is {rank}, but got method = {interp_method}")
    return method


def is_channel_last(data_layout: str) -> bool:
    """True unless the layout is "NCHW" (see LAYOUTS); an unknown string is an error."""
    if data_layout not in LAYOUTS:
        raise ValueError(f"interpolation: Unknown data layout type string: {data_layout} "
                         f"(expected one of {', '.join(LAYOUTS)})")
    return data_layout != "NCHW"


def _split(x_dims: Sequence[int], channel_last: bool) -> tuple[int, int, list[int]]:
    dims = [int(d) for d in x_dims]
    return (dims[0], dims[-1], dims[1:-1]) if channel_last else (dims[0], dims[1], dims[2:])


# -- output size ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class OutputPlan:
    """Resolved output spatial dims, and the scales (-1: none) the source positions use."""

    spatial: tuple[int, ...]
    scales: tuple[float, ...]


def _check_scales(op_type: str, scales: Sequence[float], where: str) -> None:
    for axis, value in zip("dhw"[-len(scales):], scales):
        if not value > 0:
            raise ValueError(f"{op_type}: The scale_{axis} in {where} of Operator(interpolate) "
                             f"should be greater than 0, but received value is {value}")


def _scales(op_type: str, rank: int, scale: Sequence[float],
            scale_values: Sequence[float] | None) -> list[float]:
    """Per-axis scales from the Scale tensor (1 value for all, or one per axis), else from
    the attribute (one value per axis; Paddle reads past a shorter list)."""
    if scale_values is not None:
        values = [float(v) for v in scale_values]
        if len(values) not in (1, rank):
            raise ValueError(f"{op_type}: the Scale tensor must hold 1 or {rank} values, got "
                             f"{len(values)}")
        scales = values * rank if len(values) == 1 else values
        _check_scales(op_type, scales, "input 'Scale' Tensor")
        return scales
    if scale:
        if len(scale) < rank:
            raise ValueError(f"{op_type}: Attr(scale) must hold {rank} values for a "
                             f"{rank + 2}-D input, got {list(scale)}")
        scales = [float(v) for v in scale[:rank]]
        _check_scales(op_type, scales, "Attr(scale)")
        return scales
    return [-1.0] * rank


def _exact(op_type: str, slot: str, values: Sequence[int], rank: int) -> list[int]:
    if len(values) != rank:
        raise ValueError(f"{op_type}: {slot} must give {rank} sizes for a {rank + 2}-D input, "
                         f"got {len(values)}")
    return [int(v) for v in values]


def plan_output(op_type: str, in_spatial: Sequence[int], out_dhw: Sequence[int],
                scale: Sequence[float], size_values: Sequence[int] | None,
                out_size_values: Sequence[int] | None,
                scale_values: Sequence[float] | None) -> OutputPlan:
    """Output spatial dims by Paddle's precedence, and the scales the sampling then uses:
    with both a scale and OutSize, the dims come from OutSize but source positions still
    step by 1 / scale."""
    rank = len(in_spatial)
    scales = [-1.0] * rank
    if size_values is not None:
        out = _exact(op_type, "SizeTensor", size_values, rank)
    else:
        out = [int(v) for v in list(out_dhw)[3 - rank:]]
        scales = _scales(op_type, rank, scale, scale_values)
        if all(s > 0 for s in scales):
            out = [int(i * s) for i, s in zip(in_spatial, scales)]
        if out_size_values is not None:
            out = _exact(op_type, "OutSize", out_size_values, rank)
    for axis, value in zip("dhw"[3 - rank:], out):
        if value <= 0:
            raise ValueError(f"{op_type}: out_{axis} in Attr(out_shape) of Op(interpolate) "
                             f"should be greater than 0, got {value}")
    return OutputPlan(tuple(out), tuple(scales))


def scale_list(scale: float | Sequence[float], rank: int) -> list[float]:
    """`scale` as the v2 ops' list: the v1 ops' one float (<= 0: unset) stands for every
    spatial dim, as in Paddle 3.x, so the sampling steps by 1 / scale (Paddle 2.x stepped
    by in / out instead)."""
    if isinstance(scale, (int, float)):
        return [float(scale)] * rank if scale > 0 else []
    return [float(s) for s in scale]


def _host_values(op_type: str, slot: str, arrays: Sequence[Any], want: str) -> list[Any]:
    """The values of int32 (OutSize, SizeTensor) or float32 (Scale) tensors, flattened."""
    values: list[Any] = []
    for array in arrays:
        if np.dtype(array.dtype) != np.dtype(want):
            raise ValueError(f"{op_type}: input '{slot}' must be {want}, got "
                             f"{np.dtype(array.dtype)} (The type of data we are trying to "
                             f"retrieve ({want}) does not match)")
        values.extend(to_host(array).reshape(-1).tolist())
    return values


@dataclass(frozen=True)
class Request:
    """An interpolation call's size arguments: attributes and optional tensor data."""

    op_type: str
    data_layout: str
    out_dhw: tuple[int, int, int]
    scale: float | tuple[float, ...]
    out_size: Any = None
    size_tensor: tuple[Any, ...] = ()
    scale_tensor: Any = None

    def plan(self, x_dims: Sequence[int]) -> tuple[tuple[int, ...], OutputPlan]:
        """(output dims, plan) for an input of `x_dims`."""
        if len(x_dims) not in METHODS_BY_RANK:
            raise ValueError(f"{self.op_type}: X must be 3-D, 4-D or 5-D, got dims "
                             f"{list(x_dims)}")
        channel_last = is_channel_last(self.data_layout)
        n, c, spatial = _split(x_dims, channel_last)
        op = self.op_type
        sizes = _host_values(op, "SizeTensor", self.size_tensor, "int32") \
            if self.size_tensor else None
        out_size = _host_values(op, "OutSize", [self.out_size], "int32") \
            if self.out_size is not None else None
        scales = _host_values(op, "Scale", [self.scale_tensor], "float32") \
            if self.scale_tensor is not None else None
        plan = plan_output(op, spatial, self.out_dhw, scale_list(self.scale, len(spatial)),
                           sizes, out_size, scales)
        dims = (n, *plan.spatial, c) if channel_last else (n, c, *plan.spatial)
        return dims, plan


def request(op_type: str, data_layout: str, out_d: int, out_h: int, out_w: int,
            scale: float | Sequence[float], out_size: Any = None,
            size_tensor: Sequence[Any] = (), scale_tensor: Any = None) -> Request:
    """A Request from kernel arguments: `scale` a list (v2) or one float (v1); tensors given
    as arrays (unfed ones None / empty)."""
    scales = float(scale) if isinstance(scale, (int, float)) else tuple(float(s) for s in scale)
    return Request(op_type, data_layout, (int(out_d), int(out_h), int(out_w)), scales,
                   out_size, tuple(size_tensor), scale_tensor)


# -- the call ----------------------------------------------------------------------------------

def interpolate(xp: Any, x: Any, interp_method: str, req: Request, align_corners: bool,
                align_mode: int, out: Any) -> None:
    """out = x resampled as `req` asks; `out` already has the dims `req.plan` gives."""
    method = parse_method(req.op_type, interp_method, x.ndim)
    _, plan = req.plan(x.shape)
    channel_last = is_channel_last(req.data_layout)
    xc = xp.moveaxis(x, -1, 1) if channel_last else x
    oc = xp.moveaxis(out, -1, 1) if channel_last else out
    if xc.size == 0 or oc.size == 0:
        return
    in_spatial = [int(d) for d in xc.shape[2:]]
    if in_spatial == list(plan.spatial):
        xp.copyto(oc, xc)  # Paddle copies: no 0 * inf from unused neighbours
        return
    rank = len(in_spatial)
    axes = list(zip(in_spatial, plan.spatial,
                    [sampling.axis_ratio(i, o, align_corners, s, rank)
                     for i, o, s in zip(in_spatial, plan.spatial, plan.scales)]))
    work = sampling.math_dtype_of(x.dtype)
    with quiet(xp):  # 0 * inf and inf - inf give NaN, as in Paddle
        _resample(xp, xc, method, axes, align_corners, align_mode, work, oc)


def _resample(xp: Any, xc: Any, method: InterpMethod, axes: list[tuple[int, int, Any]],
              align_corners: bool, align_mode: int, work: np.dtype, oc: Any) -> None:
    """Resample channel-first `xc` into `oc`; `axes`: (in, out, ratio) per spatial dim."""
    direct = oc if oc.flags.c_contiguous and np.dtype(oc.dtype) == work else None
    if method is InterpMethod.NEAREST:
        idx = [sampling.nearest_index(i, o, r, align_corners) for i, o, r in axes]
        if oc.flags.c_contiguous:
            sampling.gather(xp, xc, idx, out=oc)
        else:
            xp.copyto(oc, sampling.gather(xp, xc, idx))
    elif method is InterpMethod.BICUBIC:
        ay, ax = (sampling.cubic_axis(i, o, r, align_corners, work) for i, o, r in axes)
        total = sampling.cubic_sum(xp, xc, ay, ax, work, out=direct)
        if direct is None:
            sampling.store(xp, total, oc)
    elif method is InterpMethod.LINEAR:
        ax = sampling.linear_1d_axis(*axes[0], align_corners, align_mode,
                                     sampling.linear_1d_math(xc.dtype))
        sampling.store(xp, sampling.linear_1d_sum(xp, xc, ax), oc)
    else:
        lin = [sampling.linear_axis(i, o, r, align_corners, align_mode, dbl)
               for (i, o, r), dbl in zip(axes, SRC_IN_DOUBLE[method])]
        total = sampling.linear_sum(xp, xc, lin, CORNERS[method], work, out=direct)
        if direct is None:
            sampling.store(xp, total, oc)
