"""The enums of `fluidphi.inference` (Paddle Inference's names and numbers) and the error
every unsupported method raises."""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum
from typing import Any, NoReturn

import numpy as np

from phi.common import DataType as PhiDataType


class UnsupportedError(NotImplementedError):
    """A `paddle.inference` method or switch fluidphi does not support; the message names
    it (`Config.enable_tensorrt_engine`) and says which feature it belongs to."""


def unsupported(owner: str, name: str, feature: str) -> Callable[..., NoReturn]:
    """A method that raises `UnsupportedError` naming `owner.name` and its feature."""

    def method(self: Any, *args: Any, **kwargs: Any) -> NoReturn:
        raise UnsupportedError(f"{owner}.{name} is not supported by fluidphi ({feature}); "
                               "see docs/inference.md for what fluidphi.inference supports")

    method.__name__ = method.__qualname__ = name
    method.__doc__ = f"Not supported ({feature}): raises UnsupportedError."
    return method


class DataType(IntEnum):
    """Element types of inference tensors (`Tensor.type()`), as Paddle Inference numbers
    them."""

    FLOAT32 = 0
    INT64 = 1
    INT32 = 2
    UINT8 = 3
    INT8 = 4
    FLOAT16 = 5
    BOOL = 6
    FLOAT64 = 7
    BFLOAT16 = 8

    @classmethod
    def of(cls, dtype: PhiDataType) -> DataType:
        """The inference DataType of a PHI dtype (a dtype it has no name for: TypeError)."""
        try:
            return cls[dtype.name]
        except KeyError:
            raise TypeError(f"dtype {dtype} has no paddle.inference DataType") from None

    def __str__(self) -> str:
        return f"DataType.{self.name}"

    def itemsize(self) -> int:
        return PhiDataType[self.name].to_numpy().itemsize

    def numpy(self) -> np.dtype:
        return PhiDataType[self.name].to_numpy()


class PrecisionType(IntEnum):
    """Compute precisions (`Config.enable_use_gpu(..., precision_mode)`); fluidphi runs
    every program in its own dtypes, so only `Float32` (no conversion) is accepted."""

    Float32 = 0
    Int8 = 1
    Half = 2
    Bfloat16 = 3


class PlaceType(IntEnum):
    """Where a tensor lives, as Paddle Inference numbers it."""

    UNK = -1
    CPU = 0
    GPU = 1
    XPU = 2
    CUSTOM = 4
