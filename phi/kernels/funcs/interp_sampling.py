"""The resampling math of the *_interp ops: per-axis source indices and weights (host
arrays, built once per call with no loop over pixels) and the weighted sums over them.

Paddle computes source positions in float32 (`ratio` is a float). Linear methods keep
their weights in float32 whatever the element type (the 1-D kernel keeps them in the
element's math type instead, so uint8 gets integer weights) and sum the corner terms in a
fixed order in the element's math type (float32 for float16, bfloat16 and integers;
float64 for float64). Everything here follows those rounding steps, so integer results
match Paddle's exactly and float64 ones to the last bit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

F32 = np.float32


def axis_ratio(in_size: int, out_size: int, align_corners: bool, scale: float,
               rank: int) -> np.float32:
    """Paddle's float32 step between source positions of consecutive output positions:
    (in - 1) / (out - 1) with align_corners, else 1 / scale when a scale is set, else
    in / out. A single output position gets 0 with align_corners, and for 2-D inputs
    (bilinear, nearest, bicubic) always."""
    if out_size <= 1 and (align_corners or rank == 2):
        return F32(0.0)
    if align_corners:
        return F32(in_size - 1) / F32(out_size - 1)
    if scale > 0:
        return F32(1.0 / scale)
    return F32(in_size) / F32(out_size)


def _trunc_int(values: np.ndarray) -> np.ndarray:
    """C++ static_cast<int>: truncation toward zero."""
    return np.trunc(values).astype(np.int64)


def nearest_index(in_size: int, out_size: int, ratio: np.float32,
                  align_corners: bool) -> np.ndarray:
    """Source index per output position: ratio * k, truncated (rounded half away from zero
    with align_corners)."""
    pos = ratio * np.arange(out_size, dtype=F32)
    if align_corners:
        idx = np.floor(pos.astype(np.float64) + 0.5).astype(np.int64)
    else:
        idx = _trunc_int(pos)
    if idx.size and int(idx.max()) >= in_size:
        raise ValueError(f"nearest interpolation reads source index {int(idx.max())} of an axis "
                         f"of size {in_size} (the scale and the output size disagree)")
    return idx


@dataclass(frozen=True)
class LinearAxis:
    """Two source indices and their weights per output position (float32; the 1-D
    kernel's in its math type)."""

    i0: np.ndarray
    i1: np.ndarray
    w0: np.ndarray
    w1: np.ndarray


def linear_axis(in_size: int, out_size: int, ratio: np.float32, align_corners: bool,
                align_mode: int, src_in_double: bool = False) -> LinearAxis:
    """Paddle's linear source positions: with align_mode 0 (and no align_corners) the pixel
    centres map (src = ratio * (k + 0.5) - 0.5, clamped at 0), else src = ratio * k.
    `src_in_double`: the centre position is computed in float64, then rounded to float32."""
    k = np.arange(out_size)
    kf = k.astype(F32)
    half_pixel = align_mode == 0 and not align_corners
    if half_pixel:
        i0 = _trunc_int(np.float64(ratio) * (k + 0.5) - 0.5)
    else:
        i0 = _trunc_int(ratio * kf)
    i0 = np.maximum(i0, 0)
    i1 = np.minimum(i0 + 1, in_size - 1)
    if half_pixel:
        if src_in_double:
            src = (np.float64(ratio) * (k + 0.5) - 0.5).astype(F32)
        else:
            src = ratio * (kf + F32(0.5)) - F32(0.5)
        w1 = np.maximum(src, F32(0.0)) - i0.astype(F32)
    else:
        w1 = ratio * kf - i0.astype(F32)
    return LinearAxis(i0, i1, (F32(1.0) - w1).astype(F32), w1.astype(F32))


def linear_1d_math(dtype: Any) -> np.dtype:
    """The 1-D kernel keeps its weights in the element's math type: float64 for float64,
    the integer type itself for integers (!), float32 otherwise."""
    dtype = np.dtype(dtype)
    return dtype if dtype.kind in "iu" or dtype == np.float64 else np.dtype(F32)


def _cast_like_cpp(values: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """static_cast to `dtype`: floats round, integers truncate toward zero and wrap."""
    if dtype.kind == "f":
        return values.astype(dtype)
    info = np.iinfo(dtype)
    wrapped = np.trunc(values).astype(np.int64) % (int(info.max) - int(info.min) + 1)
    return wrapped.astype(dtype)


def linear_1d_axis(in_size: int, out_size: int, ratio: np.float32, align_corners: bool,
                   align_mode: int, mt: np.dtype) -> LinearAxis:
    """linear_axis as the 1-D kernel computes it: the half-pixel position in float64, the
    weights then held in `mt` (so uint8 inputs get weights 1 and 0: the left neighbour)."""
    k = np.arange(out_size)
    kf = k.astype(F32)
    half_pixel = align_mode == 0 and not align_corners
    centre = np.float64(ratio) * (k + 0.5) - 0.5
    i0 = np.maximum(_trunc_int(centre if half_pixel else ratio * kf), 0)
    i1 = np.minimum(i0 + 1, in_size - 1)
    if half_pixel:
        src = _cast_like_cpp(centre, mt)
        src = np.where(src > 0, src, mt.type(0))
        if mt.kind == "f":
            w1 = (src - i0.astype(mt)).astype(mt)
        else:
            w1 = _cast_like_cpp((src.astype(np.int64) - i0).astype(np.float64), mt)
    else:
        w1 = _cast_like_cpp(ratio * kf - i0.astype(F32), mt)
    w0 = _cast_like_cpp(1.0 - w1.astype(np.float64), mt)
    return LinearAxis(i0, i1, w0, w1)


def linear_1d_sum(xp: Any, x: Any, ax: LinearAxis) -> Any:
    """x[i0] * w0 + x[i1] * w1 in the weights' type (integers: exact, then wrapped)."""
    work = np.dtype(np.int64) if ax.w0.dtype.kind in "iu" else ax.w0.dtype
    total = take(xp, x, ax.i0, x.ndim - 1).astype(work)
    total *= xp.asarray(ax.w0.astype(work))
    right = take(xp, x, ax.i1, x.ndim - 1).astype(work)
    right *= xp.asarray(ax.w1.astype(work))
    total += right
    return total


def _cubic_near(x: np.ndarray, a: Any) -> np.ndarray:
    """Keys' cubic for |x| <= 1: ((a + 2) x - (a + 3)) x x + 1."""
    return ((a + 2) * x - (a + 3)) * x * x + 1


def _cubic_far(x: np.ndarray, a: Any) -> np.ndarray:
    """Keys' cubic for 1 < |x| < 2: ((a x - 5a) x + 8a) x - 4a."""
    return ((a * x - 5 * a) * x + 8 * a) * x - 4 * a


@dataclass(frozen=True)
class CubicAxis:
    """Four clamped source indices and their coefficients (math dtype) per output position."""

    idx: tuple[np.ndarray, ...]
    coef: tuple[np.ndarray, ...]


def cubic_axis(in_size: int, out_size: int, ratio: np.float32, align_corners: bool,
               math_dtype: np.dtype, src_in_double: bool = True) -> CubicAxis:
    """Keys' cubic convolution (a = -0.75) around src = ratio * k (align_corners) or
    ratio * (k + 0.5) - 0.5, borders clamped. `src_in_double`: the centre position is
    computed in float64 (the forward), else in float32 (Paddle's grad kernel)."""
    k = np.arange(out_size)
    if align_corners:
        src = (ratio * k.astype(F32)).astype(math_dtype)
    elif src_in_double:
        src = (np.float64(ratio) * (k + 0.5) - 0.5).astype(math_dtype)
    else:
        src = (ratio * (k.astype(F32) + F32(0.5)) - F32(0.5)).astype(math_dtype)
    base = np.floor(src.astype(F32)).astype(np.int64)
    t = (src - base.astype(math_dtype)).astype(math_dtype)
    a = math_dtype.type(-0.75)
    one = math_dtype.type(1.0)
    coef = (_cubic_far(t + one, a), _cubic_near(t, a), _cubic_near(one - t, a),
            _cubic_far((one - t) + one, a))
    idx = tuple(np.clip(base - 1 + j, 0, in_size - 1) for j in range(4))
    return CubicAxis(idx, tuple(c.astype(math_dtype) for c in coef))


# -- weighted sums --------------------------------------------------------------------------

def math_dtype_of(dtype: Any) -> np.dtype:
    """What the weighted sums run in: float64 for float64, float32 for everything else."""
    return np.dtype(np.float64) if np.dtype(dtype) == np.float64 else np.dtype(F32)


def gather(xp: Any, x: Any, indices: Sequence[np.ndarray], out: Any = None) -> Any:
    """x at the outer product of one index array per spatial axis (channel-first x), taken
    axis by axis; the last take writes into `out` when given."""
    rank = len(indices)
    for a, idx in enumerate(indices):
        x = take(xp, x, idx, x.ndim - rank + a, out=out if a == rank - 1 else None)
    return x


def along(xp: Any, values: np.ndarray, axis: int, rank: int, dtype: np.dtype) -> Any:
    """1-D `values` shaped to broadcast along spatial `axis` of a channel-first array."""
    shape = [1] * rank
    shape[axis] = values.shape[0]
    return xp.asarray(values.astype(dtype).reshape(shape))


def corners_x_fastest(rank: int) -> list[tuple[int, ...]]:
    """The 2**rank corners (0: lower index, 1: upper, per axis), the last axis fastest."""
    return [tuple((c >> (rank - 1 - a)) & 1 for a in range(rank)) for c in range(2 ** rank)]


def take(xp: Any, a: Any, idx: np.ndarray, axis: int, out: Any = None) -> Any:
    """a taken at `idx` along `axis` (indices are in range; NumPy then skips buffering)."""
    if xp is np:
        return np.take(a, idx, axis=axis, out=out, mode="clip")
    return xp.take(a, xp.asarray(idx), axis=axis, out=out)


def linear_sum(xp: Any, x: Any, axes: Sequence[LinearAxis],
               corners: Sequence[tuple[int, ...]], work: np.dtype, out: Any = None) -> Any:
    """Sum over `corners`, in that order, of x[corner] * w_axis0 * w_axis1 ... in `work`
    (into `out` when given: C-contiguous, of dtype `work`).

    Taking an axis commutes with multiplying by that axis's weight, so corners sharing a
    prefix share its partial products: each element still sees x, then x * w0, then
    (x * w0) * w1 ..., exactly Paddle's rounding. Only the last axis makes full-size
    arrays, two in all."""
    rank = len(axes)
    last = x.ndim - 1
    partial: dict[tuple[int, ...], Any] = {(): x.astype(work, copy=False)}

    def prefix_product(prefix: tuple[int, ...]) -> Any:
        if prefix not in partial:
            a, bit = len(prefix) - 1, prefix[-1]
            ax = axes[a]
            taken = take(xp, prefix_product(prefix[:-1]), ax.i1 if bit else ax.i0,
                         x.ndim - rank + a)
            taken *= along(xp, ax.w1 if bit else ax.w0, a, rank, work)
            partial[prefix] = taken
        return partial[prefix]

    shape = (*x.shape[:-rank], *(len(ax.i0) for ax in axes))
    total = out if out is not None else xp.empty(shape, dtype=work)
    scratch = xp.empty(shape, dtype=work) if len(corners) > 1 else None
    weights = [along(xp, w, rank - 1, rank, work) for w in (axes[-1].w0, axes[-1].w1)]
    for n, corner in enumerate(corners):
        dst = total if n == 0 else scratch
        bit = corner[-1]
        take(xp, prefix_product(corner[:-1]), axes[-1].i1 if bit else axes[-1].i0, last,
             out=dst)
        dst *= weights[bit]
        if n:
            total += dst
    return total


def cubic_sum(xp: Any, x: Any, ay: CubicAxis, ax: CubicAxis, work: np.dtype,
              out: Any = None) -> Any:
    """Cubic along x, then along y over four source rows, summing left to right as Paddle
    does (into `out` when given). The x pass runs once per input row: every output row
    reuses the same per-row values Paddle recomputes."""
    src = x.astype(work, copy=False)
    wide = take(xp, src, ax.idx[0], x.ndim - 1)
    wide *= along(xp, ax.coef[0], 1, 2, work)
    term = xp.empty_like(wide)
    for j in range(1, 4):
        take(xp, src, ax.idx[j], x.ndim - 1, out=term)
        term *= along(xp, ax.coef[j], 1, 2, work)
        wide += term
    shape = (*x.shape[:-2], len(ay.idx[0]), len(ax.idx[0]))
    total = out if out is not None else xp.empty(shape, dtype=work)
    rows = xp.empty(shape, dtype=work)
    for r in range(4):
        dst = total if r == 0 else rows
        take(xp, wide, ay.idx[r], x.ndim - 2, out=dst)
        dst *= along(xp, ay.coef[r], 0, 2, work)
        if r:
            total += dst
    return total


def store(xp: Any, value: Any, out: Any) -> None:
    """Cast the math-type result into out as C++ static_cast<T> does (ints truncate)."""
    if np.dtype(out.dtype).kind in "iu" and np.dtype(value.dtype).kind == "f":
        value = xp.trunc(value)
    xp.copyto(out, value, casting="unsafe")


