"""Checks of a stored tensor's header, made before anything is allocated for it.

`dims_problem` refuses dims no real tensor has (too many, or a product of
the non-zero dims beyond `MAX_ELEMENTS`: a tensor with a zero dim holds no
data, so the file size alone does not bound the others). `lod_problem`
checks LoD offsets the way Paddle's `CheckLoD` does.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

#: NumPy's own limit on the number of dims.
MAX_RANK = 64
#: 2**48 elements (256 Ti): far beyond any real tensor, far below what overflows NumPy.
MAX_ELEMENTS = 1 << 48


def dims_problem(dims: Sequence[int]) -> str | None:
    """Why `dims` (each >= 0) cannot be a stored tensor's dims, or None."""
    if len(dims) > MAX_RANK:
        return f"{len(dims)} dims (at most {MAX_RANK})"
    if math.prod(max(d, 1) for d in dims) > MAX_ELEMENTS:
        return f"dims whose product exceeds {MAX_ELEMENTS} elements"
    return None


def lod_problem(lod: Sequence[np.ndarray], height: int) -> str | None:
    """Why `lod` (offsets per level, outermost first) is inconsistent, or None.

    Each level has at least two offsets, starts at 0 and never decreases; a
    level's last offset is the number of sequences of the next level (its
    length - 1); the last level's last offset is the tensor's first dim (`height`;
    not checked when 0, as Paddle does not).
    """
    for i, level in enumerate(lod):
        if len(level) < 2:
            return f"LoD level {i} has {len(level)} offset(s) (at least 2)"
        if level[0] != 0:
            return f"LoD level {i} starts at {int(level[0])} (expected 0)"
        if int(level.max()) > MAX_ELEMENTS:
            return f"LoD level {i} has an offset beyond {MAX_ELEMENTS}"
        if np.any(np.diff(level.astype(np.int64)) < 0):
            return f"LoD level {i} has offsets that decrease"
    for i in range(len(lod) - 1):
        if int(lod[i][-1]) != len(lod[i + 1]) - 1:
            return (f"LoD level {i} ends at {int(lod[i][-1])}, but level {i + 1} holds "
                    f"{len(lod[i + 1]) - 1} sequences")
    if lod and height and int(lod[-1][-1]) != height:
        return f"the last LoD level ends at {int(lod[-1][-1])}, but the tensor has {height} rows"
    return None
