"""Gradients of the statistics ops, shared by PHI and legacy kernels: median (at the median
element(s), as nanmedian's: phi.kernels.funcs.statistics.nanmedian_grad), std, var,
nansum, cummax / cummin, reduce_as, segment_pool. Functions of `xp` (NumPy or CuPy)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from phi.kernels.funcs.common import quiet
from phi.kernels.funcs.reduce import reduce_axes
from phi.kernels.funcs.reduce_grad import expand_reduced
from phi.kernels.funcs.statistics import SEGMENT_POOLTYPES, cum_axis, nanmedian_grad


def median_grad(xp: Any, x: Any, medians: Any, out_grad: Any, axis: Sequence[int],
                mode: str, x_grad: Any) -> None:
    """median: out_grad at the median element (min, or two equal indices), half of it at
    each of the two middle ones (avg); a row holding NaN names its first NaN twice."""
    nanmedian_grad(xp, x, medians, out_grad, axis, mode, x_grad, op="median_grad")


def _deviation(xp: Any, x: Any, axes: Sequence[int]) -> tuple[Any, int]:
    """(x - its mean over `axes`, the number of elements each mean took)."""
    count = 1
    for a in axes:
        count *= x.shape[a]
    return x - xp.mean(x, axis=tuple(axes), keepdims=True), count


def var_grad(xp: Any, x: Any, out_grad: Any, axis: Sequence[int], correction: float,
             x_grad: Any) -> None:
    """var: out_grad * 2 (x - mean) / (N - correction) (N - correction = 0: +-inf, or NaN
    where x is the mean)."""
    axes = reduce_axes(x.ndim, axis, not axis)
    with quiet(xp):
        dev, count = _deviation(xp, x, axes)
        xp.multiply(dev, x.dtype.type(2) / x.dtype.type(count - correction), out=x_grad)
        xp.multiply(x_grad, expand_reduced(xp, out_grad, x.shape, axes), out=x_grad)


def std_grad(xp: Any, x: Any, out: Any, out_grad: Any, axis: Sequence[int],
             correction: float, x_grad: Any) -> None:
    """std: out_grad * (x - mean) / ((N - correction) * out); 0 where out is 0 (no spread),
    as Paddle 3.3.1; NaN where out is NaN or infinite (N - correction <= 0)."""
    axes = reduce_axes(x.ndim, axis, not axis)
    with quiet(xp):
        dev, count = _deviation(xp, x, axes)
        std = expand_reduced(xp, out, x.shape, axes)
        xp.divide(dev, std * x.dtype.type(count - correction), out=x_grad)
        xp.multiply(x_grad, expand_reduced(xp, out_grad, x.shape, axes), out=x_grad)
        x_grad[std == 0] = 0


def nansum_grad(xp: Any, x: Any, out_grad: Any, axis: Sequence[int], reduce_all: bool,
                x_grad: Any) -> None:
    """nansum: out_grad (cast to x's type) where x is not NaN, 0 where it is (a complex
    element with a NaN part too); every axis with reduce_all or no axis."""
    axes = reduce_axes(x.ndim, axis, reduce_all or not axis)
    xp.copyto(x_grad, expand_reduced(xp, out_grad, x.shape, axes), casting="unsafe")
    if x.dtype.kind not in "biu":
        x_grad[xp.isnan(x)] = 0


def cum_extremum_grad(xp: Any, indices: Any, out_grad: Any, axis: int, x_grad: Any) -> None:
    """cummax / cummin: each out_grad added at the index along `axis` its running extremum
    was taken from (`indices`, the forward's); a 0-d x_grad is out_grad."""
    if x_grad.ndim == 0:
        xp.copyto(x_grad, out_grad, casting="unsafe")
        return
    axis = cum_axis("cum_extremum_grad", x_grad.ndim, axis)
    moved = xp.zeros(xp.moveaxis(x_grad, axis, -1).shape, x_grad.dtype)
    length = moved.shape[-1]
    rows = xp.arange(moved.size // max(length, 1), dtype=xp.int64)[:, None] * length
    indices = xp.asarray(indices)  # a host indices (read unmoved) goes to x_grad's device
    flat = (rows + xp.moveaxis(indices, axis, -1).reshape(-1, length)).reshape(-1)
    xp.add.at(moved.reshape(-1), flat, xp.moveaxis(out_grad, axis, -1).reshape(-1))
    x_grad[...] = xp.moveaxis(moved, -1, axis)


def reduce_as_grad(xp: Any, x_shape: Sequence[int], out_grad: Any, x_grad: Any) -> None:
    """reduce_as: out_grad (target's dims) broadcast back over the axes x was summed
    along."""
    lead = len(x_shape) - out_grad.ndim
    xp.copyto(x_grad, xp.broadcast_to(out_grad.reshape((1,) * lead + out_grad.shape),
                                      tuple(x_shape)), casting="unsafe")


def segment_pool_grad(xp: Any, x: Any, ids: Any, out: Any, summed: Any, out_grad: Any,
                      pooltype: str, x_grad: Any) -> None:
    """segment_pool: each row of x gets its segment's out_grad row: as it is (SUM), over the
    segment's row count `summed` (MEAN), or times whether the element equals the segment's
    result (MAX / MIN: every tied element gets all of it, as Paddle 3.3.1)."""
    if pooltype not in SEGMENT_POOLTYPES:
        raise ValueError(f"segment_pool_grad: pooltype {pooltype!r} is not one of "
                         f"{list(SEGMENT_POOLTYPES)}")
    if x.shape[0] == 0:
        return
    rows = xp.asarray(ids).astype(xp.int64)
    grad = out_grad[rows]
    with quiet(xp):
        if pooltype == "MEAN":
            shape = (-1,) + (1,) * (x.ndim - 1)
            grad = grad / summed.reshape(-1)[rows].reshape(shape).astype(grad.dtype)
        elif pooltype in ("MAX", "MIN"):
            grad = grad * (x == out[rows]).astype(grad.dtype)
    xp.copyto(x_grad, grad, casting="unsafe")
