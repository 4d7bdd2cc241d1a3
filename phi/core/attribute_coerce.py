"""A value as a kernel attribute of a given `AttributeType` (lists of ints as `IntArray`,
numbers as `Scalar`, names as `DataType` / `DataLayout`, ...)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from phi.common import AttributeType, DataLayout, DataType, IntArray, Scalar

#: attribute type -> how a plain Python value becomes one
COERCE: dict[AttributeType, Callable[[Any], Any]] = {
    AttributeType.BOOL: bool,
    AttributeType.INT: int,
    AttributeType.FLOAT: float,
    AttributeType.STR: lambda v: v,
    AttributeType.BOOLS: lambda v: [bool(x) for x in v],
    AttributeType.INTS: lambda v: [int(x) for x in v],
    AttributeType.FLOATS: lambda v: [float(x) for x in v],
    AttributeType.STRS: list,
    AttributeType.SCALAR: lambda v: v if isinstance(v, Scalar) else Scalar(v),
    AttributeType.SCALARS: lambda v: v,
    AttributeType.INT_ARRAY: lambda v: v if isinstance(v, IntArray) else IntArray(v),
    AttributeType.DATA_TYPE: lambda v: v if isinstance(v, DataType) else DataType.parse(str(v)),
    AttributeType.DATA_LAYOUT: lambda v: v if isinstance(v, DataLayout)
    else DataLayout.from_str(str(v)),
}


def coerce_attribute(value: Any, attr_type: AttributeType) -> Any:
    return COERCE[attr_type](value)
