"""Grads of grid_sample and affine_grid (phi.kernels.funcs.grid_sample), as Paddle 3.3.1's
CPU grad kernels compute them.

grid_sample: X@GRAD scatters Output@GRAD back to the input positions the forward read,
with the forward's weights (bilinear: each in-bound corner gets the gradient times its two
or three distance weights; nearest: the rounded position, when inside). Grid@GRAD
(bilinear): per spatial dim, the sum over channels of Output@GRAD times the corner values'
difference along that dim (upper corner minus lower, corners outside reading 0) weighted
by the other dims' distances, times d(sample position) / d(grid): (n - 1) / 2
(align_corners) or n / 2, times the padding's slope (border: 1 inside [0, n - 1], else 0;
reflection: +-1 as the fold mirrors, and 0 where the unaligned fold is clipped). Nearest
sampling has a zero Grid@GRAD.

Nearest X@GRAD rounds as the forward does (half to even) and counts a position inside when
its rounded value is: the exact adjoint of the forward. Paddle 3.3.1's grad kernel rounds
half away from zero and, on 5-D inputs, tests the unrounded position against [0, n - 1],
so at ties and within half a pixel outside the input its X@GRAD is not its forward's
gradient (see tests/conformance/op_cases/vision_sample_grad.py).

affine_grid: Theta@GRAD[n] = Output@GRAD[n]^T @ base, base the forward's [x, y(, z), 1]
grid.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs import grid_sample as grid_funcs
from phi.kernels.funcs.common import quiet
from phi.kernels.funcs.grid_sample import PaddingMode, SampleMode


def _padding_slope(xp: Any, u: Any, size: int, padding: PaddingMode,
                   align_corners: bool) -> Any:
    """d pad_coordinate(u) / du, as Paddle's ClipWithMask computes it."""
    t = u.dtype.type
    if padding is PaddingMode.ZEROS:
        return xp.ones_like(u)
    if padding is PaddingMode.BORDER:
        return (xp.clip(u, t(0), t(size - 1)) == u).astype(u.dtype)
    shifted = u if align_corners else u + t(0.5)
    span = t((size - 1) * 2) if align_corners else t(size * 2)
    a = xp.abs(shifted)
    extra = a - xp.floor(a / span) * span
    flip = extra > span - extra
    sign = xp.where((shifted < t(0)) == flip, t(1), t(-1))
    if align_corners:
        return sign
    reflected = xp.minimum(extra, span - extra) - t(0.5)
    return sign * (xp.clip(reflected, t(0), t(size - 1)) == reflected).astype(u.dtype)


def _scatter(xp: Any, flat_grad: Any, index: Any, inside: Any, values: Any) -> None:
    """flat_grad[n, :, index[n, p]] += values[n, :, p] where inside[n, p]."""
    n, c = flat_grad.shape[:2]
    rows = xp.broadcast_to(xp.arange(n)[:, None, None], values.shape)
    chans = xp.broadcast_to(xp.arange(c)[None, :, None], values.shape)
    cols = xp.broadcast_to(index[:, None, :], values.shape)
    keep = xp.broadcast_to(inside[:, None, :], values.shape)
    xp.add.at(flat_grad, (rows[keep], chans[keep], cols[keep]), values[keep])


def grid_sample_grad(xp: Any, x: Any, grid: Any, output_grad: Any, mode: str,
                     padding_mode: str, align_corners: bool, x_grad: Any | None,
                     grid_grad: Any | None, op: str = "grid_sampler_grad") -> None:
    """x_grad (X's dims) and grid_grad (Grid's dims), either None when not asked for."""
    sample = grid_funcs.parse_enum(SampleMode, mode, "mode", op)
    padding = grid_funcs.parse_enum(PaddingMode, padding_mode, "padding_mode", op)
    dims = grid_funcs.grid_sample_dims(x.shape, grid.shape)
    if tuple(int(d) for d in output_grad.shape) != dims:
        raise ValueError(f"{op}: Output@GRAD has dims {list(output_grad.shape)}, but the "
                         f"forward's output for X {list(x.shape)} and Grid "
                         f"{list(grid.shape)} has dims {list(dims)}")
    if x_grad is not None:
        x_grad[...] = 0
    if grid_grad is not None:
        grid_grad[...] = 0
    if output_grad.size == 0:
        return
    if 0 in x.shape[2:]:
        raise ValueError(f"{op}: X {list(x.shape)} has an empty spatial dim to sample from")
    n, c, rank = int(x.shape[0]), int(x.shape[1]), x.ndim - 2
    reader = grid_funcs.CornerReader(xp, x)
    g2 = grid.reshape(n, -1, rank)
    go = output_grad.reshape(n, c, -1)
    flat_grad = None if x_grad is None else x_grad.reshape(n, c, -1)
    with quiet(xp):
        unnorm = [grid_funcs.unnormalize(g2[..., rank - 1 - i], size, align_corners)
                  for i, size in enumerate(reader.sizes)]
        coords = [grid_funcs.pad_coordinate(xp, u, size, padding, align_corners)
                  for u, size in zip(unnorm, reader.sizes)]
        if sample is SampleMode.NEAREST:
            if flat_grad is not None:
                rounded = [xp.rint(g) for g in coords]
                inside = reader.inside(rounded)
                _scatter(xp, flat_grad, _flat_index(xp, reader.sizes, rounded, inside), inside, go)
            return
        lows = [xp.floor(g) for g in coords]
        slopes = [xp.zeros_like(g) for g in coords]
        for bits in itertools.product((0, 1), repeat=rank):  # per dim: lower, upper corner
            at = [lo + 1 if bit else lo for lo, bit in zip(lows, bits)]
            weights = [g - lo if bit else (lo + 1) - g for g, lo, bit in zip(coords, lows, bits)]
            inside = reader.inside(at)
            if flat_grad is not None:
                term = go
                for w in weights[::-1]:  # Paddle multiplies the x weight first
                    term = term * w[:, None, :]
                _scatter(xp, flat_grad, _flat_index(xp, reader.sizes, at, inside), inside, term)
            if grid_grad is not None:
                weighted = (reader.read(at, inside) * go).sum(axis=1)  # over channels
                for a, bit in enumerate(bits):
                    others = [w for b, w in enumerate(weights) if b != a]
                    part = weighted if not others else weighted * _product(others)
                    slopes[a] = slopes[a] + part if bit else slopes[a] - part
        if grid_grad is not None:
            g_out = grid_grad.reshape(n, -1, rank)
            for i, size in enumerate(reader.sizes):
                factor = (size - 1) * 0.5 if align_corners else size * 0.5
                scale = _padding_slope(xp, unnorm[i], size, padding, align_corners)
                g_out[..., rank - 1 - i] = slopes[i] * (scale * g_out.dtype.type(factor))


def _product(values: Sequence[Any]) -> Any:
    total = values[0]
    for v in values[1:]:
        total = total * v
    return total


def _flat_index(xp: Any, sizes: Sequence[int], coords: Sequence[Any], inside: Any) -> Any:
    """Row-major index into the flattened spatial dims of integer-valued `coords`."""
    flat = None
    for g, size in zip(coords, sizes):
        idx = xp.where(inside, g, g.dtype.type(0)).astype(np.int64)
        flat = idx if flat is None else flat * size + idx
    return flat


def affine_grid_grad(xp: Any, output_grad: Any, output_shape: Sequence[int],
                     align_corners: bool, theta_grad: Any) -> None:
    """theta_grad [N, r, r + 1] = Output@GRAD[n] (as [P, r])^T @ base ([P, r + 1])."""
    dims = grid_funcs.affine_grid_dims(theta_grad.shape, output_shape)
    if tuple(int(d) for d in output_grad.shape) != dims:
        raise ValueError(f"affine_grid_grad: Output@GRAD has dims {list(output_grad.shape)}, "
                         f"but the forward's output for Theta {list(theta_grad.shape)} has "
                         f"dims {list(dims)}")
    sides = dims[1:-1]
    dtype = np.dtype(theta_grad.dtype)
    axes = [grid_funcs.paddle_linspace(s, align_corners, dtype) for s in sides]
    mesh = np.meshgrid(*axes, indexing="ij")
    base = np.stack([*mesh[::-1], np.ones(sides, dtype)], axis=-1).reshape(-1, len(sides) + 1)
    flat = output_grad.reshape(dims[0], -1, len(sides))
    with quiet(xp):
        theta_grad[...] = xp.matmul(xp.swapaxes(flat, 1, 2), xp.asarray(base))
