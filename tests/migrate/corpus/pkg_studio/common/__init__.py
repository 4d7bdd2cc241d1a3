"""Team S's shared helpers, star-imported by the op modules (`__all__` says what)."""

from phi.common import DataType

__all__ = ["FLOATS", "HALF", "as_float", "shape_of"]

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)
HALF = 0.5


def as_float(xp, v):
    return xp.asarray(v, dtype=v.dtype)


def shape_of(t):
    return tuple(t.dims)
