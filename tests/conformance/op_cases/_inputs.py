"""Input makers the family modules share (not a family: the name starts with `_`)."""

from __future__ import annotations

from typing import Any

import numpy as np

from .spec import FLOAT_EDGES, In

#: Element types whose random values start with the float edges (NaN, infinities, +-0, +-1).
FLOAT_TYPES = ("float16", "bfloat16", "float32", "float64", "complex64", "complex128")


def data(shape: tuple[int, ...], dtype: str, **kw: Any) -> In:
    """A data tensor: float edges first for float types, small ints otherwise."""
    if dtype in FLOAT_TYPES:
        return In(shape, dtype, special=kw.pop("special", FLOAT_EDGES), **kw)
    if dtype == "uint8":
        return In(shape, dtype, 0, 200, **kw)
    return In(shape, dtype, -50, 50, **kw)


def ids(values: Any, dtype: str = "int64") -> In:
    """An integer tensor with exactly these (nested) values."""
    return In(np.asarray(values).shape, dtype, values=values)
