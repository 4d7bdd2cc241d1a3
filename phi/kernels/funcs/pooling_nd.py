"""N-d max / average pooling, max pooling with indices, fractional max pooling and
unpooling, as Paddle's CPU kernels compute them (pool2d, pool3d, max_pool{2,3}d_with_index,
fractional_max_pool{2,3}d, unpool, unpool3d).

Every window is described per spatial dim by input coordinates [out, k] and their
validity (inside the input, or inside the adaptive cell); the input is gathered once to
[N, C, *out, *k] and reduced over the window axes.

Window rules (Paddle's CPU functors):

* plain windows start at o * stride - pad_begin and hold ksize elements, clipped to the
  input; only the begin paddings shape the window (a 6-value padding's end pads only
  change the output size); adaptive cell i covers [floor(i*in/out), ceil((i+1)*in/out)).
* pool2d / pool3d max with `adaptive` do not adapt (Paddle 2.6 and 3.3 alike): the output
  size is ksize, the paddings are zero, and the windows are plain ksize windows at
  o * stride, empty (the floor) past the input. Avg adapts; the with-index ops adapt.
* max runs `y = y > x ? y : x` from a floor of -FLT_MAX cast to the element type (-inf for
  float16; -FLT_MAX for float64 too) over the window in row-major order: a window of
  -inf only gives the floor, a NaN wins only as the last element and otherwise restarts
  the running max from the next one (`paddle_window_max`).
* avg sums in float32 for float16 and divides by the clipped window size (exclusive or
  adaptive) or by min(start + k, in + pad_begin) - start per dim (not exclusive); 0 / 0
  is NaN.
* with index: `x > y` from -FLT_MAX with index -1, so NaN, -inf and values <= -FLT_MAX
  are never picked and ties keep the first; the index is flat over the input's spatial
  dims. Fractional max pooling picks the same way over windows whose bounds come from
  float32 arithmetic on u (`fractional_bounds`).

How pool_nd computes (the rules above hold on every route): fixed windows (plain windows,
max with `adaptive`, and avg adaptive cells when every input size is a multiple of its
output size) fold their prod(ksize) window taps into the output in place, each tap a
strided view of the input padded (in the workspace "pool.pad", in the data's own layout)
with the floor (max) or 0 (avg): `maximum` / `add` with `out=`, no temporaries, then one
division by the window sizes for avg. A window covering the whole input is one reduction.
A max whose result holds a NaN (NaN in some window) is recomputed by the exact gather
route (`paddle_window_max`); so are uneven adaptive avg cells.
The windows (taps, pads, divisors) are worked out once per shapes and attributes
(`pool_layout`, cached), so a planned program's pooling runs only its ufunc calls.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

from phi.kernels.funcs.common import Workspace, compute_dtype, quiet, scratch
from phi.kernels.funcs.conv import is_channel_last, resolve_padding
from phi.kernels.funcs.random import global_generator

FLT_MAX = float(np.finfo(np.float32).max)
POOLING_TYPES = ("max", "avg")


@functools.cache
def _max_floor(dtype: np.dtype) -> Any:
    with np.errstate(over="ignore"):
        return np.asarray(-FLT_MAX, dtype=np.float32).astype(dtype)[()]


def max_floor(dtype: Any) -> Any:
    """-FLT_MAX in `dtype` (Paddle's MaxPool initial value): -inf for float16. A NumPy
    scalar, never an array: device arrays refuse host arrays."""
    return _max_floor(np.dtype(dtype))


# -- shapes ------------------------------------------------------------------------------

def pool_output_size(in_size: int, ksize: int, pad_begin: int, pad_end: int, stride: int,
                     ceil_mode: bool, op: str = "pool") -> int:
    extra = stride - 1 if ceil_mode else 0
    size = (in_size - ksize + pad_begin + pad_end + extra) // stride + 1
    if size <= 0:
        raise ValueError(f"{op}: output size {size} is not positive (input {in_size}, kernel "
                         f"{ksize}, paddings {pad_begin}+{pad_end}, stride {stride})")
    return size


def split_layout(x_dims: Sequence[int], data_format: str, rank: int, op: str
                 ) -> tuple[int, int, list[int]]:
    """(batch, channels, spatial dims) of an input of `rank` spatial dims."""
    if len(x_dims) != rank + 2:
        raise ValueError(f"{op} wants a {rank + 2}-D input, got dims {list(x_dims)}")
    dims = [int(d) for d in x_dims]
    if is_channel_last(data_format):
        return dims[0], dims[-1], dims[1:-1]
    return dims[0], dims[1], dims[2:]


def pool_params(spatial: Sequence[int], kernel_size: Sequence[int], strides: Sequence[int],
                paddings: Sequence[int], global_pooling: bool, adaptive: bool,
                padding_algorithm: str, op: str = "pool"
                ) -> tuple[list[int], list[int], list[int]]:
    """(kernel size, strides, [begin, end] pads per dim) after the global / SAME / VALID /
    adaptive rules."""
    rank = len(spatial)
    ksize = [int(k) for k in kernel_size]
    if len(ksize) != rank or len(strides) != rank:
        raise ValueError(f"{op}: ksize and strides must hold {rank} values, got {ksize} and "
                         f"{list(strides)}")
    if global_pooling:
        ksize = [int(v) for v in spatial]
    pads, _ = resolve_padding(paddings, None, padding_algorithm, spatial, ksize, strides)
    if global_pooling or adaptive:
        pads = [0] * (2 * rank)
    return ksize, [int(s) for s in strides], pads


def pool_nd_out_dims(x_dims: Sequence[int], kernel_size: Sequence[int],
                     strides: Sequence[int], paddings: Sequence[int], ceil_mode: bool,
                     data_format: str, global_pooling: bool, adaptive: bool,
                     padding_algorithm: str, rank: int, op: str) -> tuple[int, ...]:
    n, c, spatial = split_layout(x_dims, data_format, rank, op)
    ksize, strd, pads = pool_params(spatial, kernel_size, strides, paddings, global_pooling,
                                    adaptive, padding_algorithm, op)
    if adaptive:
        outs = ksize
    else:
        outs = [pool_output_size(spatial[i], ksize[i], pads[2 * i], pads[2 * i + 1], strd[i],
                                 ceil_mode, op) for i in range(rank)]
    return (n, *outs, c) if is_channel_last(data_format) else (n, c, *outs)


def with_index_out_dims(x_dims: Sequence[int], kernel_size: Sequence[int],
                        strides: Sequence[int], paddings: Sequence[int],
                        global_pooling: bool, adaptive: bool, ceil_mode: bool,
                        rank: int, op: str) -> tuple[int, ...]:
    """Out / Mask dims of max_pool{2,3}d_with_index (paddings: one value per dim)."""
    if len(paddings) != rank:
        raise ValueError(f"{op}: paddings must hold {rank} values (one per dim), got "
                         f"{list(paddings)}")
    return pool_nd_out_dims(x_dims, kernel_size, strides, paddings, ceil_mode, "NCHW",
                            global_pooling, adaptive, "EXPLICIT", rank, op)


# -- windows -----------------------------------------------------------------------------

def _window_coords(in_size: int, out_size: int, ksize: int, stride: int, pad_begin: int,
                   adaptive: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Input coordinates [out, k] (clipped into the input), their validity, and the divisor
    of a not-exclusive average per output cell."""
    o = np.arange(out_size, dtype=np.int64)
    if adaptive:
        starts = (o * in_size) // out_size
        ends = -((-(o + 1) * in_size) // out_size)
        k = int((ends - starts).max()) if out_size else 0
    else:
        starts = o * stride - pad_begin
        ends = np.minimum(starts + ksize, in_size)
        k = ksize
    coords = starts[:, None] + np.arange(k, dtype=np.int64)[None, :]
    valid = (coords >= 0) & (coords < ends[:, None])
    inclusive = np.minimum(starts + ksize, in_size + pad_begin) - starts
    return np.clip(coords, 0, max(in_size - 1, 0)), valid, inclusive


def _bounded_coords(in_size: int, starts: np.ndarray, ends: np.ndarray
                    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """_window_coords for given [start, end) ranges (clipped to the input)."""
    starts, ends = np.maximum(starts, 0), np.minimum(ends, in_size)
    k = max(int((ends - starts).max()) if starts.size else 0, 1)
    coords = starts[:, None] + np.arange(k, dtype=np.int64)[None, :]
    valid = coords < ends[:, None]
    return np.clip(coords, 0, max(in_size - 1, 0)), valid, valid.sum(axis=1)


class Windows:
    """Windows over the trailing `rank` dims of [N, C, *spatial]: gathered values and
    masks laid out [N, C, *out, *k]."""

    def __init__(self, spatial: Sequence[int], outs: Sequence[int], ksize: Sequence[int],
                 strides: Sequence[int], pads: Sequence[int], adaptive: bool,
                 bounds: Sequence[tuple[np.ndarray, np.ndarray]] | None = None) -> None:
        """`bounds`: per dim the windows' [start, end) input ranges, given instead of the
        plain / adaptive rules (fractional pooling)."""
        self.rank = rank = len(spatial)
        per_dim = [_window_coords(int(spatial[i]), int(outs[i]), int(ksize[i]),
                                  int(strides[i]), int(pads[2 * i]), adaptive)
                   if bounds is None else _bounded_coords(int(spatial[i]), *bounds[i])
                   for i in range(rank)]
        self.coords = [self._spread(c, i) for i, (c, _, _) in enumerate(per_dim)]
        valid = [self._spread(v, i) for i, (_, v, _) in enumerate(per_dim)]
        self.valid = functools.reduce(np.logical_and, valid)
        counts = [v.sum(axis=1) for _, v, _ in per_dim]
        inclusive = [inc for _, _, inc in per_dim]
        self.exclusive_count = self._outer(counts)
        self.inclusive_count = self._outer(inclusive)
        strides_in = np.cumprod([1, *[int(s) for s in spatial[::-1]]])[:-1][::-1]
        self.flat_index = sum(c * int(s) for c, s in zip(self.coords, strides_in))

    def _spread(self, a: np.ndarray, i: int) -> np.ndarray:
        """[out_i, k_i] -> broadcastable over [*out, *k] (out_i at axis i, k_i at rank+i)."""
        shape = [1] * (2 * self.rank)
        shape[i], shape[self.rank + i] = a.shape
        return a.reshape(shape)

    def _outer(self, per_dim: list[np.ndarray]) -> np.ndarray:
        total = np.ones((1,) * self.rank, np.int64)
        for i, v in enumerate(per_dim):
            shape = [1] * self.rank
            shape[i] = v.shape[0]
            total = total * v.reshape(shape)
        return total

    def taps(self) -> int:
        return int(np.prod(self.valid.shape[self.rank:]))

    def gather(self, xp: Any, x: Any) -> Any:
        """[N, C, *out, *k] values (invalid positions hold an arbitrary input element)."""
        return x[(slice(None), slice(None), *(xp.asarray(c) for c in self.coords))]


def paddle_window_max(xp: Any, values: Any, valid: Any, floor: Any, rank: int) -> Any:
    """Max over the last `rank` axes of `values` as Paddle's `y = y > x ? y : x` loop from
    `floor` over the valid elements in row-major order (see the module doc)."""
    axes = tuple(range(values.ndim - rank, values.ndim))
    ninf = values.dtype.type(-np.inf)
    isnan = xp.isnan(values) & valid
    clean = xp.where(valid & ~isnan, values, ninf)
    plain = xp.maximum(clean.max(axis=axes), floor)
    if not bool(isnan.any()):
        return plain
    lead = values.shape[:values.ndim - rank]
    taps = int(np.prod(values.shape[values.ndim - rank:]))
    flat_nan = isnan.reshape(*lead, taps)
    last_nan = taps - 1 - xp.argmax(flat_nan[..., ::-1], axis=-1)
    after = xp.arange(taps) > last_nan[..., None]
    tail = xp.broadcast_to(valid, values.shape).reshape(*lead, taps) & after
    tail_max = xp.where(tail, clean.reshape(*lead, taps), ninf).max(axis=-1)
    restarted = xp.where(tail.any(axis=-1), tail_max, values.dtype.type(np.nan))
    return xp.where(flat_nan.any(axis=-1), restarted, plain)


# -- kernels -----------------------------------------------------------------------------

def _channel_first(xp: Any, x: Any, data_format: str) -> Any:
    return xp.moveaxis(x, -1, 1) if is_channel_last(data_format) else x


class FoldPlan(NamedTuple):
    """Fixed-window pooling as prod(ksize) taps over a padded input (see the module doc)."""

    axes: tuple[int, ...]  # the spatial axes of x (and out)
    fit: tuple[int, ...]  # [begin, end] pads per spatial axis, far end enough for every tap
    taps: tuple[tuple[Any, ...], ...]  # one index of strided slices per window tap
    whole: bool  # one window covering the input: a single reduction
    divisor: np.ndarray | None  # avg: per output cell, broadcastable over out


class PoolLayout(NamedTuple):
    """What one pooling call computes, decided once per (shapes, attributes)."""

    spatial: tuple[int, ...]
    outs: tuple[int, ...]
    ksize: tuple[int, ...]
    strides: tuple[int, ...]
    pads: tuple[int, ...]
    adapts: bool  # uneven adaptive avg cells (gather route only)
    exclusive: bool
    fold: FoldPlan | None  # None: the gather route


@functools.lru_cache(maxsize=512)
def pool_layout(x_shape: tuple[int, ...], out_shape: tuple[int, ...], channel_last: bool,
                kernel_size: tuple[int, ...], strides: tuple[int, ...],
                paddings: tuple[int, ...], global_pooling: bool, adaptive: bool,
                padding_algorithm: str, pooling_type: str, exclusive: bool,
                op: str) -> PoolLayout:
    """The windows of a pooling call (cached: a planned program asks the same each run)."""
    rank = len(x_shape) - 2
    spatial = tuple(x_shape[1:-1] if channel_last else x_shape[2:])
    outs = tuple(out_shape[1:-1] if channel_last else out_shape[2:])
    ksize, strd, pads = pool_params(spatial, kernel_size, strides, paddings, global_pooling,
                                    adaptive, padding_algorithm, op)
    # Paddle's max pooling never adapts its windows: `adaptive` only makes ksize the
    # output size (and zeroes the paddings); windows are ksize wide, stride apart
    adapts = adaptive and pooling_type == "avg"
    if adapts and all(o > 0 and s % o == 0 for s, o in zip(spatial, outs)):
        # even adaptive cells are plain windows: ksize = stride = in / out, no padding
        ksize = strd = [s // o for s, o in zip(spatial, outs)]
        pads, adapts, exclusive = [0] * (2 * rank), False, True
    fold = None
    if not adapts:
        fold = _fold_plan(len(x_shape), channel_last, spatial, outs, ksize, strd, pads,
                          pooling_type == "avg", exclusive)
    return PoolLayout(spatial, outs, tuple(ksize), tuple(strd), tuple(pads), adapts,
                      exclusive, fold)


def pool_nd(xp: Any, x: Any, kernel_size: Sequence[int], strides: Sequence[int],
            paddings: Sequence[int], ceil_mode: bool, exclusive: bool, data_format: str,
            pooling_type: str, global_pooling: bool, adaptive: bool, padding_algorithm: str,
            out: Any, op: str = "pool", workspace: Workspace | None = None) -> None:
    """out = max / avg pooling of x over its spatial dims (out has `pool_nd_out_dims`);
    scratch memory from `workspace` (fresh arrays when None)."""
    if pooling_type not in POOLING_TYPES:
        raise ValueError(f"{op}: pooling_type must be 'max' or 'avg', got {pooling_type!r}")
    channel_last = is_channel_last(data_format)
    lay = pool_layout(tuple(x.shape), tuple(out.shape), channel_last, tuple(kernel_size),
                      tuple(strides), tuple(paddings), bool(global_pooling), bool(adaptive),
                      padding_algorithm, pooling_type, bool(exclusive), op)
    ctype = compute_dtype(x.dtype)
    if lay.fold is not None and x.size and _fold_pool(xp, x, lay.fold, pooling_type == "max",
                                                      ctype, out, workspace):
        return
    rank = len(lay.spatial)
    xc = _channel_first(xp, x, data_format)
    win = Windows(lay.spatial, lay.outs, lay.ksize, lay.strides, lay.pads, lay.adapts)
    values = win.gather(xp, xc).astype(ctype, copy=False)
    valid = xp.asarray(win.valid)
    if pooling_type == "max":
        result = paddle_window_max(xp, values, valid, ctype.type(max_floor(x.dtype)), rank)
    else:
        axes = tuple(range(2 + rank, 2 + 2 * rank))
        sums = xp.where(valid, values, ctype.type(0)).sum(axis=axes)
        count = win.exclusive_count if lay.exclusive or adaptive else win.inclusive_count
        with quiet(xp):
            result = sums / xp.asarray(count.astype(ctype))
    out[...] = xp.moveaxis(result, 1, -1) if channel_last else result


# -- fixed windows, folded in place -------------------------------------------------------

def _spatial_index(ndim: int, axes: Sequence[int], slices: Sequence[slice]) -> tuple:
    index = [slice(None)] * ndim
    for ax, sl in zip(axes, slices):
        index[ax] = sl
    return tuple(index)


def _pad_into(xp: Any, x: Any, axes: Sequence[int], fit: Sequence[int], value: Any,
              workspace: Workspace | None) -> Any:
    """`x` padded on its spatial `axes` by fit = [begin, end] per axis with `value`, in
    the workspace "pool.pad" (only the borders and the interior are written); `x`
    itself when nothing is padded."""
    if not any(fit):
        return x
    shape = list(x.shape)
    for i, ax in enumerate(axes):
        shape[ax] += fit[2 * i] + fit[2 * i + 1]
    buf = scratch(xp, workspace, "pool.pad", tuple(shape), x.dtype)
    inner = []
    for i, ax in enumerate(axes):
        lo, size = fit[2 * i], int(x.shape[ax])
        for border in (slice(0, lo), slice(lo + size, shape[ax])):
            if border.stop > border.start:
                buf[_spatial_index(x.ndim, [ax], [border])] = value
        inner.append(slice(lo, lo + size))
    buf[_spatial_index(x.ndim, axes, inner)] = x
    return buf


def _divisor(spatial: Sequence[int], outs: Sequence[int], ksize: Sequence[int],
             strides: Sequence[int], pads: Sequence[int], exclusive: bool) -> np.ndarray:
    """Per output cell, the avg divisor of a plain window (see the module doc), [*outs]."""
    total = np.ones((1,) * len(spatial), np.int64)
    for i in range(len(spatial)):
        _, valid, inclusive = _window_coords(spatial[i], outs[i], ksize[i], strides[i],
                                             pads[2 * i], False)
        per = valid.sum(axis=1) if exclusive else inclusive
        shape = [1] * len(spatial)
        shape[i] = per.shape[0]
        total = total * per.reshape(shape)
    return total


def _fold_plan(ndim: int, channel_last: bool, spatial: Sequence[int], outs: Sequence[int],
               ksize: Sequence[int], strides: Sequence[int], pads: Sequence[int], avg: bool,
               exclusive: bool) -> FoldPlan:
    rank = len(spatial)
    axes = tuple(range(1, 1 + rank)) if channel_last else tuple(range(2, 2 + rank))
    whole = all(o == 1 and k - pads[2 * i] >= s
                for i, (o, k, s) in enumerate(zip(outs, ksize, spatial)))
    # pad the far end enough for every window (ceil_mode may reach past the pads)
    fit: list[int] = []
    for i in range(rank):
        reach = (outs[i] - 1) * strides[i] + ksize[i] - spatial[i] - pads[2 * i]
        fit += [pads[2 * i], max(reach, 0)]
    taps = tuple(_spatial_index(ndim, axes, [slice(o, o + s * (m - 1) + 1, s)
                                             for o, s, m in zip(offsets, strides, outs)])
                 for offsets in itertools.product(*(range(k) for k in ksize)))
    divisor = None
    if avg:
        count = _divisor(spatial, outs, ksize, strides, pads, exclusive)
        divisor = count.reshape([1, *count.shape, 1] if channel_last
                                else [1, 1, *count.shape])
    return FoldPlan(axes, tuple(fit), taps, whole, divisor)


def _fold_taps(xp: Any, x: Any, plan: FoldPlan, is_max: bool, floor: Any, result: Any,
               workspace: Workspace | None) -> None:
    if plan.whole:  # one window covering the input: one reduction
        reduce = xp.max if is_max else xp.sum
        reduce(x, axis=plan.axes, out=result, keepdims=True)
        if is_max:
            xp.maximum(result, floor, out=result)
        return
    fill = max_floor(x.dtype) if is_max else x.dtype.type(0)
    xpad = _pad_into(xp, x, plan.axes, plan.fit, fill, workspace)
    taps = iter(plan.taps)
    first = xpad[next(taps)]
    if is_max:
        xp.maximum(floor, first, out=result)
        for tap in taps:
            xp.maximum(result, xpad[tap], out=result)
    else:
        xp.copyto(result, first, casting="unsafe")
        for tap in taps:
            xp.add(result, xpad[tap], out=result)


def _fold_pool(xp: Any, x: Any, plan: FoldPlan, is_max: bool, ctype: Any, out: Any,
               workspace: Workspace | None) -> bool:
    """Fixed-window pooling folded tap by tap into `out` (or a workspace of the working
    type when out's type differs, then stored once). False when the result needs the exact
    route (a max window holding NaN); `out` is then left to it."""
    direct = out.dtype == ctype
    result = out if direct else scratch(xp, workspace, "pool.out", tuple(out.shape), ctype)
    floor = ctype.type(max_floor(x.dtype))
    if is_max:  # maximum raises no floating-point warnings: no errstate needed
        _fold_taps(xp, x, plan, True, floor, result, workspace)
        if bool(xp.isnan(result).any()):  # a window holding NaN: decide exactly
            return False
    else:
        with quiet(xp):
            _fold_taps(xp, x, plan, False, floor, result, workspace)
            xp.divide(result, xp.asarray(plan.divisor.astype(ctype)), out=result)
    if not direct:
        xp.copyto(out, result, casting="unsafe")
    return True


def max_pool_with_index(xp: Any, x: Any, kernel_size: Sequence[int], strides: Sequence[int],
                        paddings: Sequence[int], global_pooling: bool, adaptive: bool,
                        ceil_mode: bool, out: Any, mask: Any) -> None:
    """out = max per window (first of ties; NaN, -inf never picked) and mask = its flat
    index over the input's spatial dims (-1 where no element beats -FLT_MAX)."""
    spatial = [int(d) for d in x.shape[2:]]
    ksize, strd, pads = pool_params(spatial, kernel_size, strides,
                                    [p for p in paddings for _ in range(2)],
                                    global_pooling, adaptive, "EXPLICIT")
    outs = tuple(int(d) for d in out.shape[2:])
    max_with_index(xp, x, Windows(spatial, outs, ksize, strd, pads, adaptive), out, mask)


def max_with_index(xp: Any, x: Any, win: Windows, out: Any, mask: Any) -> None:
    """out = max of x [N, C, *spatial] per window of `win` as Paddle's with-index functors
    (`x > y` from -FLT_MAX: first of ties, NaN and -inf never picked) and mask = its flat
    index over the spatial dims (-1 where no element beats -FLT_MAX)."""
    rank, outs = win.rank, tuple(int(d) for d in out.shape[2:])
    values = win.gather(xp, x)
    valid = xp.asarray(win.valid)
    lead, taps = values.shape[:2 + rank], win.taps()
    clean = xp.where(valid & ~xp.isnan(values), values, values.dtype.type(-np.inf))
    clean = clean.reshape(*lead, taps)
    pick = xp.argmax(clean, axis=-1)[..., None]
    best = xp.take_along_axis(clean, pick, axis=-1)[..., 0]
    flat_index = np.broadcast_to(win.flat_index, win.valid.shape).reshape(*outs, taps)
    index = xp.broadcast_to(xp.asarray(flat_index), clean.shape)
    chosen = best > max_floor(x.dtype)
    out[...] = xp.where(chosen, best, max_floor(x.dtype))
    mask[...] = xp.where(chosen, xp.take_along_axis(index, pick, axis=-1)[..., 0], -1)


#: The spatial dims' names in Paddle's fractional pooling messages, by rank.
_DIM_NAMES = {2: ("height", "width"), 3: ("depth", "height", "width")}


def fractional_out_dims(op: str, x_dims: Sequence[int], output_size: Sequence[int],
                        kernel_size: Sequence[int]) -> tuple[int, ...]:
    """Out / Mask of fractional_max_pool{2,3}d: [N, C, *output_size]; every input size must
    hold output_size - 1 + kernel_size."""
    rank = len(x_dims) - 2
    if rank not in _DIM_NAMES or len(output_size) != rank or len(kernel_size) != rank:
        raise ValueError(f"{op}: x must be [N, C, {rank} spatial dims] with output_size and "
                         f"kernel_size of one value each, got x {list(x_dims)}, output_size "
                         f"{list(output_size)}, kernel_size {list(kernel_size)}")
    for name, size, out, pool in zip(_DIM_NAMES[rank], x_dims[2:], output_size, kernel_size):
        if size < out - 1 + pool:
            raise ValueError(f"{op}: input_{name} [{size}] is less than valid output_{name} "
                             f"[{out - 1 + pool}]")
    return (*x_dims[:2], *(int(o) for o in output_size))


def _truncate(v: np.ndarray) -> np.ndarray:
    """float32 -> int64 as x86 converts (inf, NaN and out-of-range values give INT64_MIN)."""
    with np.errstate(invalid="ignore", over="ignore"):
        return v.astype(np.int64)


def fractional_bounds(in_size: int, out_size: int, pool: int, u: np.float32
                      ) -> tuple[np.ndarray, np.ndarray]:
    """[start, end) of the out_size fractional windows over in_size elements, in Paddle's
    float32 arithmetic: alpha = (in - pool) / (out - 1) with a kernel size, else in / out
    with u scaled into the range that keeps the windows inside the input."""
    f = np.float32
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        alpha = f(in_size - pool) / f(out_size - (1 if pool > 0 else 0))
        if pool <= 0:
            base = in_size // out_size
            max_u = min(f(base + 2) / alpha - f(1), f(in_size + 1 - base) / alpha
                        - f(out_size - 1))
            u = f(u * max_u)
        idx = np.arange(out_size, dtype=np.float32)
        shift = _truncate(np.asarray(f(u * alpha)))
        starts = _truncate((idx + u) * alpha) - shift
        ends = (starts + pool if pool > 0
                else _truncate((np.arange(1, out_size + 1, dtype=np.float32) + u) * alpha)
                - shift)
    return starts, ends


def fractional_max_pool(xp: Any, x: Any, output_size: Sequence[int],
                        kernel_size: Sequence[int], random_u: float, return_mask: bool,
                        out: Any, mask: Any) -> None:
    """fractional_max_pool{2,3}d: the max of each fractional window (`fractional_bounds`,
    u = random_u, or a uniform draw from fluidphi's generator where it is 0) as the
    with-index ops pick it (`max_with_index`), and its flat spatial index in mask, which
    Paddle's kernel writes whatever `return_mask` says (so does this one)."""
    u = np.float32(random_u) if random_u != 0 else global_generator().random(dtype=np.float32)
    spatial = [int(d) for d in x.shape[2:]]
    bounds = [fractional_bounds(size, int(o), int(k), u)
              for size, o, k in zip(spatial, output_size, kernel_size)]
    max_with_index(xp, x, Windows(spatial, output_size, kernel_size, kernel_size,
                                  [0] * (2 * len(spatial)), False, bounds), out, mask)


def unpool_out_dims(x_dims: Sequence[int], indices_dims: Sequence[int],
                    output_size: Sequence[int], rank: int, op: str) -> tuple[int, ...]:
    """[N, C, *output_size]; x is read channel-first whatever `data_format` says (as
    Paddle's CPU kernel)."""
    if len(x_dims) != rank + 2:
        raise ValueError(f"{op} wants a {rank + 2}-D input, got dims {list(x_dims)}")
    if tuple(indices_dims) != tuple(x_dims):
        raise ValueError(f"{op}: Indices dims {list(indices_dims)} must equal X's "
                         f"{list(x_dims)}")
    if len(output_size) != rank:
        raise ValueError(f"{op}: output_size must hold {rank} values, got {list(output_size)}")
    return (int(x_dims[0]), int(x_dims[1]), *(int(v) for v in output_size))


def unpool(xp: Any, x: Any, indices: Any, ksize: Sequence[int], strides: Sequence[int],
           paddings: Sequence[int], output_size: Sequence[int], data_format: str, out: Any,
           op: str = "unpool") -> None:
    """out = zeros with out[n, c].flat[indices[n, c, i]] = x[n, c, i] (a repeated index keeps
    the last value in x's order); indices must lie in [0, prod(output_size)). The pooling
    window (ksize, strides, paddings) and data_format do not enter: out is [N, C,
    *output_size] and x is read channel-first, as in Paddle's kernel."""
    dims = unpool_out_dims(x.shape, indices.shape, output_size, x.ndim - 2, op)
    if tuple(out.shape) != dims:
        raise ValueError(f"{op}: output dims {list(out.shape)} differ from {list(dims)}")
    out[...] = 0
    rows = int(x.shape[0]) * int(x.shape[1])
    size = int(np.prod(out.shape[2:], dtype=np.int64))
    if out.size == 0 or x.size == 0:
        return
    idx = indices.reshape(rows, -1).astype(np.int64)
    bad = (idx < 0) | (idx >= size)
    if bool(bad.any()):
        first = int(idx[bad][0])
        raise ValueError(f"{op}: index {first} lies outside the output's {size} elements "
                         f"(output_size {list(out.shape[2:])})")
    keys = (xp.arange(rows, dtype=np.int64)[:, None] * size + idx).reshape(-1)[::-1]
    unique, first = xp.unique(keys, return_index=True)
    out.reshape(-1)[unique] = x.reshape(-1)[::-1][first]
