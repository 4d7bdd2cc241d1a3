"""Dims of squeeze / unsqueeze (the data is only reshaped)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def squeeze_dims(x_dims: Sequence[int], axes: Sequence[int]) -> tuple[int, ...]:
    """Drop size-1 dims: all of them when `axes` is empty, else the listed ones.

    A listed axis whose size is not 1 is kept (Paddle ignores it).
    """
    rank = len(x_dims)
    if not axes:
        return tuple(int(d) for d in x_dims if d != 1)
    drop = set()
    for a in axes:
        a = int(a)
        if not -rank <= a < max(rank, 1):
            raise ValueError(f"squeeze: axis {a} is out of range for a {rank}-D input")
        a = a + rank if a < 0 else a
        if rank and x_dims[a] == 1:
            drop.add(a)
    return tuple(int(d) for i, d in enumerate(x_dims) if i not in drop)


def unsqueeze_dims(x_dims: Sequence[int], axes: Sequence[int]) -> tuple[int, ...]:
    """Insert size-1 dims one axis at a time, in the order given.

    Each axis refers to the shape built so far: a negative one counts from the
    end of that shape plus one (so -1 appends).
    """
    is_new: list[bool] = [False] * len(x_dims)
    for a in axes:
        a = int(a)
        cur = len(is_new)
        if not -(cur + 1) <= a <= cur:
            raise ValueError(f"unsqueeze: axis {a} is out of range for a {cur}-D shape")
        is_new.insert(a + cur + 1 if a < 0 else a, True)
    it = iter(x_dims)
    return tuple(1 if new else int(next(it)) for new in is_new)


def first_dim_kept(x_dims: Sequence[int], out_dims: Sequence[int]) -> bool:
    """Whether a squeeze / unsqueeze keeps x's first dim, so Out takes x's LoD (as Paddle
    3.3.1's: squeezing or inserting a leading dim drops it)."""
    return bool(x_dims) and bool(out_dims) and x_dims[0] == out_dims[0]


def reshape_copy(x: Any, out: Any) -> None:
    """out = x with out's dims (same element count)."""
    out[...] = x.reshape(out.shape)
