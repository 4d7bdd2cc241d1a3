"""`DataType`: element types, with their NumPy (and ml_dtypes) equivalents."""

from __future__ import annotations

from collections.abc import Mapping
from enum import IntEnum
from types import MappingProxyType

import ml_dtypes
import numpy as np


class DataType(IntEnum):
    """Element types of PHI tensors.

    ``ALL_DTYPE`` (== ``UNDEFINED``) only appears in kernel keys: a kernel
    registered for it accepts every dtype.
    """

    UNDEFINED = 0
    BOOL = 1
    UINT8 = 2
    INT8 = 3
    UINT16 = 4
    INT16 = 5
    UINT32 = 6
    INT32 = 7
    UINT64 = 8
    INT64 = 9
    FLOAT32 = 10
    FLOAT64 = 11
    COMPLEX64 = 12
    COMPLEX128 = 13
    PSTRING = 14
    FLOAT16 = 15
    BFLOAT16 = 16
    FLOAT8_E4M3FN = 17
    FLOAT8_E5M2 = 18
    ALL_DTYPE = 0

    def __str__(self) -> str:
        return "ALL_DTYPE" if self is DataType.UNDEFINED else self.name.lower()

    # -- NumPy bridge ------------------------------------------------------
    def to_numpy(self) -> np.dtype:
        """The NumPy dtype holding this type; raises for UNDEFINED/PSTRING."""
        try:
            return _TO_NUMPY[self]
        except KeyError:
            raise TypeError(f"data type {self} has no NumPy equivalent") from None

    @classmethod
    def from_numpy(cls, dtype: object) -> DataType:
        """The DataType of a NumPy dtype (or anything np.dtype accepts)."""
        try:  # a NumPy dtype already: found at once (every tensor's set_array asks)
            found = _FROM_NUMPY.get(dtype)  # type: ignore[call-overload]
        except TypeError:  # unhashable (a structured dtype's field list)
            found = None
        if found is not None:
            return found
        np_dtype = np.dtype(dtype)  # type: ignore[call-overload]
        try:
            return _FROM_NUMPY[np_dtype]
        except KeyError:
            raise TypeError(f"NumPy dtype {np_dtype} has no PHI DataType") from None

    @classmethod
    def parse(cls, text: str) -> DataType:
        """Parse user text: 'float32', 'fp32', 'FLOAT32', 'int64', 'bf16', ..."""
        norm = text.strip().lower()
        if norm in _ALIASES:
            return _ALIASES[norm]
        try:
            return cls[norm.upper()]
        except KeyError:
            raise ValueError(f"unknown data type {text!r}") from None

    @property
    def is_floating(self) -> bool:
        return self in (DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32, DataType.FLOAT64)

    @property
    def is_integer(self) -> bool:
        return self in _INTEGERS

    @property
    def is_complex(self) -> bool:
        return self in (DataType.COMPLEX64, DataType.COMPLEX128)

    @property
    def to_complex(self) -> DataType:
        """The complex type of float32 / float64 (complex64 / complex128)."""
        complex_of = {DataType.FLOAT32: DataType.COMPLEX64, DataType.FLOAT64: DataType.COMPLEX128}
        if self not in complex_of:
            raise TypeError(f"{self.name.lower()} has no complex type (float32 / float64 do)")
        return complex_of[self]

    @property
    def itemsize(self) -> int:
        return self.to_numpy().itemsize


_TO_NUMPY: dict[DataType, np.dtype] = {
    DataType.BOOL: np.dtype(np.bool_),
    DataType.UINT8: np.dtype(np.uint8),
    DataType.INT8: np.dtype(np.int8),
    DataType.UINT16: np.dtype(np.uint16),
    DataType.INT16: np.dtype(np.int16),
    DataType.UINT32: np.dtype(np.uint32),
    DataType.INT32: np.dtype(np.int32),
    DataType.UINT64: np.dtype(np.uint64),
    DataType.INT64: np.dtype(np.int64),
    DataType.FLOAT16: np.dtype(np.float16),
    DataType.BFLOAT16: np.dtype(ml_dtypes.bfloat16),
    DataType.FLOAT32: np.dtype(np.float32),
    DataType.FLOAT64: np.dtype(np.float64),
    DataType.COMPLEX64: np.dtype(np.complex64),
    DataType.COMPLEX128: np.dtype(np.complex128),
    DataType.FLOAT8_E4M3FN: np.dtype(ml_dtypes.float8_e4m3fn),
    DataType.FLOAT8_E5M2: np.dtype(ml_dtypes.float8_e5m2),
}
#: DataType -> its NumPy dtype, for hot paths (a dict look-up; `to_numpy` raises for the
#: types without one, where `.get` gives None)
NUMPY_DTYPES: Mapping[DataType, np.dtype] = MappingProxyType(_TO_NUMPY)
_FROM_NUMPY: dict[np.dtype, DataType] = {v: k for k, v in _TO_NUMPY.items()}
_INTEGERS = frozenset(
    {
        DataType.UINT8,
        DataType.INT8,
        DataType.UINT16,
        DataType.INT16,
        DataType.UINT32,
        DataType.INT32,
        DataType.UINT64,
        DataType.INT64,
    }
)
_ALIASES: dict[str, DataType] = {
    "bool": DataType.BOOL,
    "fp16": DataType.FLOAT16,
    "half": DataType.FLOAT16,
    "bf16": DataType.BFLOAT16,
    "fp32": DataType.FLOAT32,
    "float": DataType.FLOAT32,
    "fp64": DataType.FLOAT64,
    "double": DataType.FLOAT64,
    "int": DataType.INT32,
    "long": DataType.INT64,
}

#: Common dtype groups used by kernel registrations.
FLOATING_TYPES = (DataType.FLOAT32, DataType.FLOAT64)
FLOATING_AND_HALF_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.BFLOAT16)
INTEGRAL_TYPES = (DataType.INT8, DataType.UINT8, DataType.INT16, DataType.INT32, DataType.INT64)
