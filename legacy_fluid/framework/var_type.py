"""fluid's `VarType`: variable kinds and element types, numbered as in framework.proto."""

from __future__ import annotations

from enum import IntEnum

from phi.common import DataType


class VarType(IntEnum):
    """Values are the public `VarType.Type` field numbers of framework.proto."""

    BOOL = 0
    INT16 = 1
    INT32 = 2
    INT64 = 3
    FP16 = 4
    FP32 = 5
    FP64 = 6
    LOD_TENSOR = 7
    SELECTED_ROWS = 8
    FEED_MINIBATCH = 9
    FETCH_LIST = 10
    STEP_SCOPES = 11
    LOD_RANK_TABLE = 12
    LOD_TENSOR_ARRAY = 13
    PLACE_LIST = 14
    READER = 15
    RAW = 17
    TUPLE = 18
    SIZE_T = 19
    UINT8 = 20
    INT8 = 21
    BF16 = 22
    COMPLEX64 = 23
    COMPLEX128 = 24
    STRING = 25
    STRINGS = 26
    VOCAB = 27
    FEED_LIST = 28
    PSTRING = 29
    SPARSE_COO = 30
    SPARSE_CSR = 31
    FP8_E4M3FN = 32
    FP8_E5M2 = 33
    UINT16 = 36
    UINT32 = 37
    UINT64 = 38

    # Paddle 3.x renamed LOD_TENSOR to DENSE_TENSOR with the same number.
    DENSE_TENSOR = 7
    DENSE_TENSOR_ARRAY = 13

    @property
    def is_dtype(self) -> bool:
        return self in _TO_PHI

    @property
    def keys_kernel(self) -> bool:
        """An element type a fluid kernel is registered and chosen for. framework.proto
        numbers uint16 / uint32 / uint64 (36-38) and a program can declare and load them,
        but Paddle 3.3.1's legacy executor has no kernel of any op for them
        (tests/fixtures/dtype_reach.json): only PHI kernels run on such tensors."""
        return self.is_dtype and self not in _STORAGE_ONLY

    def to_phi(self) -> DataType:
        try:
            return _TO_PHI[self]
        except KeyError:
            raise TypeError(f"VarType {self.name} is not an element type") from None

    @classmethod
    def from_phi(cls, dtype: DataType) -> VarType:
        try:
            return _FROM_PHI[dtype]
        except KeyError:
            raise TypeError(f"DataType {dtype} has no fluid VarType") from None


_TO_PHI: dict[VarType, DataType] = {
    VarType.BOOL: DataType.BOOL,
    VarType.INT16: DataType.INT16,
    VarType.INT32: DataType.INT32,
    VarType.INT64: DataType.INT64,
    VarType.FP16: DataType.FLOAT16,
    VarType.FP32: DataType.FLOAT32,
    VarType.FP64: DataType.FLOAT64,
    VarType.UINT8: DataType.UINT8,
    VarType.UINT16: DataType.UINT16,
    VarType.UINT32: DataType.UINT32,
    VarType.UINT64: DataType.UINT64,
    VarType.INT8: DataType.INT8,
    VarType.BF16: DataType.BFLOAT16,
    VarType.COMPLEX64: DataType.COMPLEX64,
    VarType.COMPLEX128: DataType.COMPLEX128,
    VarType.PSTRING: DataType.PSTRING,
    VarType.FP8_E4M3FN: DataType.FLOAT8_E4M3FN,
    VarType.FP8_E5M2: DataType.FLOAT8_E5M2,
}
_FROM_PHI = {v: k for k, v in _TO_PHI.items()}
_STORAGE_ONLY = frozenset({VarType.UINT16, VarType.UINT32, VarType.UINT64})


def dtypes_without_legacy_kernel() -> frozenset[DataType]:
    """The element types no fluid kernel can be keyed on: those without a VarType number
    and those whose VarType keys no kernel (`VarType.keys_kernel`)."""
    keyed = {vt.to_phi() for vt in VarType if vt.keys_kernel}
    return frozenset(d for d in DataType if d is not DataType.UNDEFINED and d not in keyed)


class AttrType(IntEnum):
    """framework.proto's `AttrType` numbering."""

    INT = 0
    FLOAT = 1
    STRING = 2
    INTS = 3
    FLOATS = 4
    STRINGS = 5
    BOOLEAN = 6
    BOOLEANS = 7
    BLOCK = 8
    LONG = 9
    BLOCKS = 10
    LONGS = 11
    FLOAT64S = 12
    VAR = 13
    VARS = 14
    FLOAT64 = 15
    SCALAR = 16
    SCALARS = 17
