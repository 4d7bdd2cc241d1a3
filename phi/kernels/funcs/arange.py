"""range / arange: start, start + step, ... up to (not including) end."""

from __future__ import annotations

import math
from typing import Any

import numpy as np


def arange_size(start: Any, end: Any, step: Any) -> int:
    """Element count, computed in the values' own type (they are NumPy scalars of one dtype).

    A step pointing away from `end` gives an empty range; a zero step is an error.
    """
    if step == 0:
        raise ValueError("range: step must not be 0")
    if (end > start and step < 0) or (end < start and step > 0):
        return 0
    if np.asarray(start).dtype.kind in "iu":
        span, stride = abs(int(end) - int(start)), abs(int(step))
        return (span + stride - 1) // stride
    return math.ceil(abs((end - start) / step))


def arange(xp: Any, start: Any, step: Any, out: Any) -> None:
    """out[i] = start + step + ... + step (i steps), accumulated step by step in out's type."""
    n = out.shape[0]
    if n == 0:
        return
    increments = xp.full((n,), step, dtype=out.dtype)
    increments[0] = start
    xp.cumsum(increments, out=out)
