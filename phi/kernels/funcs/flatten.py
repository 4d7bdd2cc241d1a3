"""Flattening ops: output dims rules and the copy into the flattened output."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def _prod(dims: Sequence[int]) -> int:
    total = 1
    for d in dims:
        total *= int(d)
    return total


def flatten_range_dims(x_dims: Sequence[int], start_axis: int, stop_axis: int
                       ) -> tuple[int, ...]:
    """Dims with axes start_axis..stop_axis (inclusive, negatives from the end) merged.

    A 0-D input flattens to [1].
    """
    rank = len(x_dims)
    if rank == 0:
        return (1,)
    start = start_axis + rank if start_axis < 0 else start_axis
    stop = stop_axis + rank if stop_axis < 0 else stop_axis
    if not (0 <= start < rank and 0 <= stop < rank):
        raise ValueError(f"flatten: start_axis {start_axis} / stop_axis {stop_axis} out of range "
                         f"for rank {rank}")
    if start > stop:
        raise ValueError(f"flatten: start_axis ({start_axis}) must not be after stop_axis "
                         f"({stop_axis})")
    dims = [int(d) for d in x_dims]
    return (*dims[:start], _prod(dims[start:stop + 1]), *dims[stop + 1:])


def flatten_to_2d_dims(x_dims: Sequence[int], axis: int) -> tuple[int, int]:
    """[prod(dims[:axis]), prod(dims[axis:])], as flatten / flatten2 (axis in [0, rank])."""
    rank = len(x_dims)
    if not 0 <= axis <= rank:
        raise ValueError(f"flatten: axis {axis} out of range [0, {rank}]")
    return (_prod(x_dims[:axis]), _prod(x_dims[axis:]))


def xshape_dims(x_dims: Sequence[int]) -> tuple[int, ...]:
    """The meta-only XShape output: [0, *x_dims] (zero elements, records x's dims)."""
    return (0, *(int(d) for d in x_dims))


def copy_reshaped(xp: Any, x: Any, out: Any) -> None:
    """out holds x's elements in row-major order under out's own shape."""
    out[...] = xp.reshape(x, out.shape)
