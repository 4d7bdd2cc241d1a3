"""Dtype tuples; `patch.py` changes some of them from outside."""

from __future__ import annotations

from phi.common import DataType

FLOATS = (DataType.FLOAT32,)
DOUBLES = (DataType.FLOAT32,)
HALVES = (DataType.FLOAT32,)
STABLE = (DataType.FLOAT32, DataType.FLOAT64)
