"""shape: a tensor's dims as a 1-D int32 host array."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np


def shape_dims(x_dims: Sequence[int]) -> tuple[int, ...]:
    return (len(x_dims),)


def shape(x_dims: Sequence[int], out: Any) -> None:
    """Write `x_dims` into the host array `out` (never a device array: no xp)."""
    out[...] = np.asarray([int(d) for d in x_dims], dtype=np.int64).reshape(out.shape)
