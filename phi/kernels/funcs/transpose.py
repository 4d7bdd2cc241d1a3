"""Axis permutation (transpose / transpose2)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import numpy as np


def normalize_perm(rank: int, axis: Sequence[int]) -> tuple[int, ...]:
    """`axis` with negative entries wrapped; must be a permutation of range(rank)."""
    if len(axis) != rank:
        raise ValueError(f"transpose: axis {list(axis)} has {len(axis)} entries but the input "
                         f"is {rank}-D")
    perm = []
    for a in axis:
        a = int(a)
        if not -rank <= a < rank:
            raise ValueError(f"transpose: axis entry {a} is out of range for a {rank}-D input")
        perm.append(a + rank if a < 0 else a)
    if sorted(perm) != list(range(rank)):
        raise ValueError(f"transpose: axis {list(axis)} is not a permutation")
    return tuple(perm)


def transpose_dims(x_dims: Sequence[int], axis: Sequence[int]) -> tuple[int, ...]:
    perm = normalize_perm(len(x_dims), axis)
    return tuple(int(x_dims[p]) for p in perm)


def xshape_dims(x_dims: Sequence[int]) -> tuple[int, ...]:
    """XShape (transpose2/squeeze2/unsqueeze2): a leading 0 followed by the input dims."""
    return (0, *(int(d) for d in x_dims))


@functools.lru_cache(maxsize=1024)
def _checked_perm(rank: int, axis: tuple[int, ...]) -> tuple[int, ...]:
    """normalize_perm, remembered: a planned program asks the same every run."""
    return normalize_perm(rank, axis)


def transpose(xp: Any, x: Any, axis: Sequence[int], out: Any) -> None:
    perm = _checked_perm(x.ndim, tuple(axis))
    # NumPy's array method, not its function wrapper (a third of the cost, every call)
    out[...] = x.transpose(perm) if xp is np else xp.transpose(x, perm)
