"""Basic data structures shared by PHI's core and its callers."""

from phi.common.attribute_type import AttributeType
from phi.common.backend import AnyBackend, Backend, CustomBackend
from phi.common.data_type import DataType
from phi.common.int_array import IntArray
from phi.common.layout import DataLayout
from phi.common.place import AllocationType, CPUPlace, CustomPlace, GPUPlace, Place
from phi.common.scalar import Scalar

__all__ = [
    "AllocationType",
    "AnyBackend",
    "AttributeType",
    "Backend",
    "CPUPlace",
    "CustomBackend",
    "CustomPlace",
    "DataLayout",
    "DataType",
    "GPUPlace",
    "IntArray",
    "Place",
    "Scalar",
]
