"""full_like (fill_any_like): a tensor of x's dims filled with one value."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from phi.common import DataType


def full_like_dtype(x_dtype: DataType, dtype: DataType) -> DataType:
    """The requested dtype, or x's when unset (fluid's dtype = -1)."""
    return x_dtype if dtype is DataType.UNDEFINED else dtype


def check_fill_value(value: float, dtype: DataType) -> None:
    """Finite values must fit the target type, bool's being [0, 1] (NaN/inf are only checked
    for integer types)."""
    np_dtype = dtype.to_numpy()
    if np_dtype.kind in "iu":
        info = np.iinfo(np_dtype)
        if not math.isfinite(value) or not info.min <= value <= info.max:
            raise ValueError(f"full_like: value {value} is out of range for {dtype}")
    elif np_dtype.kind == "b" and math.isfinite(value) and not 0 <= value <= 1:
        raise ValueError(f"full_like: value {value} is out of range for {dtype} ([0, 1])")
    elif np_dtype.kind == "f" and math.isfinite(value):
        if abs(value) > float(np.finfo(np_dtype).max):
            raise ValueError(f"full_like: value {value} is out of range for {dtype}")


def full_like(xp: Any, value: float, out: Any) -> None:
    """Fill `out`; integer targets truncate toward zero, bool targets test value != 0."""
    if out.dtype.kind in "iu":
        out[...] = int(value)
    elif out.dtype.kind == "b":
        out[...] = value != 0
    else:
        out[...] = value
