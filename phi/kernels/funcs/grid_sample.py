"""affine_grid and grid_sample (4-D and 5-D) as Paddle's CPU kernels compute them.

affine_grid: base coordinates per side from Paddle's linspace in the element type
(align_corners: -1 + i * 2 / (n - 1), so a side of 1 gives NaN; otherwise
-(n - 1) / n + i * 2 / n), the grid [x, y(, z), 1] times theta^T per sample.

grid_sample, per spatial dim (grid[..., 0] is x over W, [..., 1] y over H, [..., 2] z
over D):

* unnormalise: align_corners (g + 1) * ((n - 1) / 2), else (g + 1) * (n / 2) - 0.5;
* padding border clips to [0, n - 1]; reflection folds |g| into [0, 2 (n - 1)]
  (align_corners; a side of 1 gives 0) or |g + 0.5| into [0, 2 n] less 0.5, clipped;
  zeros leaves the coordinate as it is;
* bilinear: corners floor(g) and floor(g) + 1 weighted by the distances, a corner outside
  the input reads 0 (its weight still multiplies: 0 * inf is NaN); terms summed in
  Paddle's order (z outer, then y, then x; lower corner first);
* nearest: the coordinate rounded half to even (Paddle 3.3.1: 0.5 -> 0, 2.5 -> 2,
  -0.5 -> -0, which is inside), read if inside [0, n - 1], else 0; 4-D and 5-D alike.

NaN grid coordinates are undefined behaviour in Paddle (it casts NaN to int); here they
read 0, so bilinear gives NaN (NaN weights) and nearest 0.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import quiet


class SampleMode(enum.Enum):
    BILINEAR = "bilinear"
    NEAREST = "nearest"


class PaddingMode(enum.Enum):
    ZEROS = "zeros"
    BORDER = "border"
    REFLECTION = "reflection"


def parse_enum(kind: type[enum.Enum], value: str, attr: str, op: str) -> Any:
    try:
        return kind(value)
    except ValueError:
        allowed = ", ".join(repr(m.value) for m in kind)
        raise ValueError(f"{op}: {attr} must be one of {allowed}, got {value!r}") from None


# -- affine_grid -------------------------------------------------------------------------

def affine_grid_dims(theta_dims: Sequence[int], output_shape: Sequence[int]
                     ) -> tuple[int, ...]:
    """[N, H, W, 2] for a 4-value output_shape, [N, D, H, W, 3] for 5 values; N is theta's."""
    shape = [int(v) for v in output_shape]
    if len(shape) not in (4, 5):
        raise ValueError(f"affine_grid: output_shape must hold 4 values [N, C, H, W] or 5 "
                         f"[N, C, D, H, W], got {shape}")
    rank = len(shape) - 2
    want = (rank, rank + 1)
    if len(theta_dims) != 3 or tuple(int(d) for d in theta_dims[1:]) != want:
        raise ValueError(f"affine_grid: Theta must be [N, {want[0]}, {want[1]}] for a "
                         f"{len(shape)}-value output_shape, got dims {list(theta_dims)}")
    if any(v < 0 for v in shape[2:]):
        raise ValueError(f"affine_grid: output_shape {shape} has a negative size")
    return (int(theta_dims[0]), *shape[2:], rank)


def paddle_linspace(count: int, align_corners: bool, dtype: Any) -> np.ndarray:
    """Paddle's affine_grid linspace over [-1, 1] in `dtype` (NaN for a side of 1 with
    align_corners: 2 / 0 times 0)."""
    t = np.dtype(dtype).type
    start, span = t(-1), t(2)
    with np.errstate(divide="ignore", invalid="ignore"):
        if align_corners:
            step = span / t(count - 1)
        else:
            step = span / t(count)
            start = start * (t(count - 1) / t(count))
        return start + np.arange(count).astype(dtype) * step


def affine_grid(xp: Any, theta: Any, output_shape: Sequence[int], align_corners: bool,
                out: Any) -> None:
    """out[n, ..., :] = theta[n] @ [x, y(, z), 1] over the base grid."""
    dims = affine_grid_dims(theta.shape, output_shape)
    sides = dims[1:-1]
    dtype = np.dtype(theta.dtype)
    axes = [paddle_linspace(s, align_corners, dtype) for s in sides]
    mesh = np.meshgrid(*axes, indexing="ij")  # [D,] H, W order
    base = np.stack([*mesh[::-1], np.ones(sides, dtype)], axis=-1).reshape(-1, len(sides) + 1)
    with quiet(xp):
        result = xp.matmul(xp.asarray(base), xp.swapaxes(theta, 1, 2))
    out[...] = result.reshape(dims)


# -- grid_sample -------------------------------------------------------------------------

def grid_sample_dims(x_dims: Sequence[int], grid_dims: Sequence[int]) -> tuple[int, ...]:
    """[N, C, *grid's spatial dims]."""
    rank = len(x_dims) - 2
    if rank not in (2, 3):
        raise ValueError(f"grid_sampler wants a 4-D or 5-D X, got dims {list(x_dims)}")
    if (len(grid_dims) != rank + 2 or int(grid_dims[-1]) != rank
            or int(grid_dims[0]) != int(x_dims[0])):
        raise ValueError(f"grid_sampler: Grid must be [N, *out, {rank}] with X's N "
                         f"({x_dims[0]}) for a {rank + 2}-D X, got dims {list(grid_dims)}")
    return (int(x_dims[0]), int(x_dims[1]), *(int(d) for d in grid_dims[1:-1]))


def unnormalize(g: Any, size: int, align_corners: bool) -> Any:
    t = g.dtype.type
    if align_corners:
        return (g + t(1)) * t((size - 1) * 0.5)
    return (g + t(1)) * t(size * 0.5) - t(0.5)


def pad_coordinate(xp: Any, g: Any, size: int, padding: PaddingMode, align_corners: bool) -> Any:
    t = g.dtype.type
    top = t(size - 1)
    if padding is PaddingMode.BORDER:
        return xp.clip(g, t(0), top)
    if padding is PaddingMode.ZEROS:
        return g
    if align_corners:
        if size == 1:
            return xp.zeros_like(g)
        span = t((size - 1) * 2)
        a = xp.abs(g)
        extra = a - xp.floor(a / span) * span
        return xp.minimum(extra, span - extra)
    span = t(size * 2)
    a = xp.abs(g + t(0.5))
    extra = a - xp.floor(a / span) * span
    return xp.clip(xp.minimum(extra, span - extra) - t(0.5), t(0), top)


class CornerReader:
    """Reads x[n, :, *coords] at float coordinates per sample (0 outside the input)."""

    def __init__(self, xp: Any, x: Any) -> None:
        self.xp = xp
        self.sizes = [int(s) for s in x.shape[2:]]  # [D,] H, W
        n, c = int(x.shape[0]), int(x.shape[1])
        self.flat = x.reshape(n, c, -1)

    def read(self, coords: Sequence[Any], inside: Any) -> Any:
        """coords: per spatial dim ([D,] H, W order) [N, P] float arrays holding integers
        where `inside`; returns [N, C, P]."""
        xp = self.xp
        flat = None
        for g, size in zip(coords, self.sizes):
            idx = xp.where(inside, g, g.dtype.type(0)).astype(np.int64)
            flat = idx if flat is None else flat * size + idx
        values = xp.take_along_axis(self.flat, flat[:, None, :], axis=2)
        return xp.where(inside[:, None, :], values, values.dtype.type(0))

    def inside(self, coords: Sequence[Any]) -> Any:
        ok = None
        for g, size in zip(coords, self.sizes):
            dim_ok = (g >= 0) & (g <= g.dtype.type(size - 1))
            ok = dim_ok if ok is None else ok & dim_ok
        return ok


def grid_sample(xp: Any, x: Any, grid: Any, mode: str, padding_mode: str,
                align_corners: bool, out: Any, op: str = "grid_sampler") -> None:
    """out[n, c, *o] = x sampled at grid[n, *o] (see the module doc)."""
    sample = parse_enum(SampleMode, mode, "mode", op)
    padding = parse_enum(PaddingMode, padding_mode, "padding_mode", op)
    dims = grid_sample_dims(x.shape, grid.shape)
    if out.size == 0:
        return
    if 0 in x.shape[2:]:
        raise ValueError(f"{op}: X {list(x.shape)} has an empty spatial dim to sample from")
    n, rank = dims[0], x.ndim - 2
    reader = CornerReader(xp, x)
    g2 = grid.reshape(n, -1, rank)
    with quiet(xp):
        # grid's last axis is x, y(, z): reverse it into the input's [D,] H, W order
        coords = [pad_coordinate(xp, unnormalize(g2[..., rank - 1 - i], size, align_corners),
                                 size, padding, align_corners)
                  for i, size in enumerate(reader.sizes)]
        if sample is SampleMode.NEAREST:
            rounded = [xp.rint(g) for g in coords]
            inside = reader.inside(rounded)
            result = reader.read(rounded, inside)
        else:
            lows = [xp.floor(g) for g in coords]
            # per dim: (corner, weight) for the lower then the upper corner
            corners = [((lo, (lo + 1) - g), (lo + 1, g - lo)) for g, lo in zip(coords, lows)]
            result = None
            for combo in itertools.product(*corners):
                at = [c for c, _ in combo]
                term = reader.read(at, reader.inside(at))
                for _, w in combo[::-1]:  # Paddle multiplies the x weight first
                    term = term * w[:, None, :]
                result = term if result is None else result + term
    out[...] = result.reshape(dims)
