"""Team S: dtype tuples, no `__all__`: a star import takes every public name, `DataType`
(imported here) included."""

from phi.common import DataType

REAL = (DataType.FLOAT32,)
_PRIVATE = (DataType.FLOAT64,)
