"""`Scalar`: one number of any dtype, from an attribute or a 1-element tensor."""

from __future__ import annotations

from typing import Any

import numpy as np

from phi.common.data_type import DataType

#: the largest magnitude up to which a float64 holds every integer
_FLOAT64_EXACT = 2 ** 53


class Scalar:
    """A dtype-tagged scalar so one kernel signature serves int/float/bool values."""

    __slots__ = ("_value", "dtype", "from_tensor")

    def __init__(
        self, value: Any, dtype: DataType | None = None, from_tensor: bool = False
    ) -> None:
        if isinstance(value, Scalar):
            value, dtype, from_tensor = value._value, dtype or value.dtype, value.from_tensor
        if isinstance(value, str):  # attributes such as str_value: "inf", "-1e-3", "7"
            try:
                value = float(value.strip())
            except ValueError:
                raise ValueError(f"Scalar cannot parse text {value!r} as a number") from None
        arr = np.asarray(value)
        if arr.size != 1:
            raise ValueError(f"Scalar needs exactly one element, got shape {arr.shape}")
        if dtype is None:
            if isinstance(value, bool):
                dtype = DataType.BOOL
            elif isinstance(value, int):
                dtype = DataType.INT64
            elif isinstance(value, float):
                dtype = DataType.FLOAT64
            else:
                dtype = DataType.from_numpy(arr.dtype)
        self.dtype: DataType = dtype
        self._value = arr.reshape(()).item()
        self.from_tensor = from_tensor

    def to(self, py_type: type) -> Any:
        """The value as a Python bool/int/float/complex. An int64 fed by a tensor beyond
        2**53 is not read as a float: the float would round it."""
        if (py_type is float and self.from_tensor and self.dtype is DataType.INT64
                and abs(self._value) > _FLOAT64_EXACT):
            raise ValueError(f"{self!r} from a tensor is beyond 2**53: read as a float it "
                             "would be rounded")
        try:
            return py_type(self._value)
        except TypeError:  # a complex value read as a real number
            raise TypeError(f"{self!r} cannot be read as {py_type.__name__}") from None

    def to_numpy(self, dtype: DataType) -> np.generic:
        return dtype.to_numpy().type(self._value)

    @property
    def value(self) -> Any:
        return self._value

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Scalar):
            return self._value == other._value
        return bool(self._value == other)

    def __hash__(self) -> int:
        return hash(self._value)

    def __repr__(self) -> str:
        return f"Scalar({self._value!r}, {self.dtype})"
