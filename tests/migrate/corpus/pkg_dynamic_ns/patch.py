"""Changes the namespace of `consts` from outside, three ways."""

from __future__ import annotations

import pkg_dynamic_ns.consts as c
from phi.common import DataType

from . import consts

setattr(consts, "FLOATS", (DataType.FLOAT32, DataType.FLOAT64))  # noqa: B010
consts.__dict__.update(HALVES=(DataType.FLOAT64,))
c.DOUBLES = (DataType.FLOAT64,)
