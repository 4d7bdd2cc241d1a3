"""Diagonal and triangle math shared by the PHI and legacy kernels: tril_triu, diag (fluid's
diag_v2), diag_embed and diagonal. Functions of `xp` (NumPy or CuPy)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np


def _axis(op: str, axis: int, rank: int) -> int:
    if not -rank <= axis < rank:
        raise ValueError(f"{op}: axis {axis} is out of range for rank {rank}")
    return axis % rank


def diagonal_length(rows: int, cols: int, offset: int) -> int:
    """Elements on the diagonal `offset` of a rows x cols matrix (0 when it misses it)."""
    length = min(rows, cols - offset) if offset >= 0 else min(rows + offset, cols)
    return max(length, 0)


def tril_triu_check(x_dims: Sequence[int]) -> None:
    if len(x_dims) < 2:
        raise ValueError(f"tril_triu: Input(X)'s rank must be at least 2, got {list(x_dims)}")


def tril_triu(xp: Any, x: Any, diagonal: int, lower: bool, out: Any) -> None:
    """out = the lower (upper) triangle of x's last two axes from `diagonal` on, 0 elsewhere."""
    tril_triu_check(x.shape)
    out[...] = xp.tril(x, diagonal) if lower else xp.triu(x, diagonal)


def diag_dims(x_dims: Sequence[int], offset: int) -> tuple[int, ...]:
    """[n, n] (n = length + |offset|) for a vector (a 0-D x counts one element); the
    diagonal's length for a matrix."""
    if len(x_dims) <= 1:
        n = (int(x_dims[0]) if x_dims else 1) + abs(offset)
        return (n, n)
    if len(x_dims) == 2:
        return (diagonal_length(int(x_dims[0]), int(x_dims[1]), offset),)
    raise ValueError(f"diag_v2: X must be 0-D, 1-D or 2-D, got dims {list(x_dims)}")


def diag(xp: Any, x: Any, offset: int, padding_value: float, out: Any) -> None:
    """A vector onto the diagonal `offset` of a matrix filled with padding_value (cast to
    the element type, as C++ does: floats truncate toward zero for integers), or a
    matrix's diagonal `offset`."""
    if x.ndim == 2:
        out[...] = xp.diagonal(x, offset)
        return
    out[...] = np.asarray(padding_value).astype(out.dtype)[()]  # a scalar: device-safe
    vector = x.reshape(-1)
    rows = xp.arange(vector.size) + max(-offset, 0)
    out[rows, rows + offset] = vector


def diag_embed_dims(x_dims: Sequence[int], offset: int, dim1: int,
                    dim2: int) -> tuple[int, ...]:
    """x's dims without the last, with n = x.dims[-1] + |offset| inserted at dim1 and dim2
    (axes of the result)."""
    rank = len(x_dims) + 1
    if not x_dims:
        raise ValueError("diag_embed: Input must have at least 1 dimension")
    d1, d2 = _axis("diag_embed", dim1, rank), _axis("diag_embed", dim2, rank)
    if d1 == d2:
        raise ValueError(f"diag_embed: diagonal dimensions should not be identical {dim1} vs "
                         f"{dim2}")
    n = int(x_dims[-1]) + abs(offset)
    dims = [int(d) for d in x_dims[:-1]]
    for axis in sorted((d1, d2)):
        dims.insert(axis, n)
    return tuple(dims)


def diag_embed(xp: Any, x: Any, offset: int, dim1: int, dim2: int, out: Any) -> None:
    """out = zeros with x's last axis on the diagonal `offset` of the planes (dim1, dim2):
    out[..., i (dim1), i + offset (dim2), ...] = x[..., i]."""
    diag_embed_dims(x.shape, offset, dim1, dim2)
    d1, d2 = dim1 % out.ndim, dim2 % out.ndim
    out[...] = 0
    planes = xp.moveaxis(out, (d1, d2), (-2, -1))  # a view: writes land in out
    i = xp.arange(x.shape[-1])
    planes[..., i + max(-offset, 0), i + max(offset, 0)] = x


def diagonal_axes(x_dims: Sequence[int], axis1: int, axis2: int) -> tuple[int, int]:
    rank = len(x_dims)
    a1, a2 = _axis("diagonal", axis1, rank), _axis("diagonal", axis2, rank)
    if a1 == a2:
        raise ValueError(f"diagonal: axis1 ({axis1}) and axis2 ({axis2}) must differ")
    return a1, a2


def diagonal_dims(x_dims: Sequence[int], offset: int, axis1: int,
                  axis2: int) -> tuple[int, ...]:
    """x's dims without axis1 and axis2, then the diagonal's length."""
    a1, a2 = diagonal_axes(x_dims, axis1, axis2)
    rest = [int(d) for i, d in enumerate(x_dims) if i not in (a1, a2)]
    return (*rest, diagonal_length(int(x_dims[a1]), int(x_dims[a2]), offset))


def diagonal(xp: Any, x: Any, offset: int, axis1: int, axis2: int, out: Any) -> None:
    """out = the diagonal `offset` of the planes (axis1, axis2), as its last axis."""
    a1, a2 = diagonal_axes(x.shape, axis1, axis2)
    out[...] = xp.diagonal(x, offset, a1, a2)
