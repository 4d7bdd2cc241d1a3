"""The dtype sets PHI kernel modules register their kernels for, declared once.

A kernel module imports the set it registers (`register_kernel(..., FLOAT_INT)`,
`KernelRow(..., FLOAT_COMPLEX)`) instead of retyping its tuple. Each tuple's order is the
order its dtypes register in (the order `fluidphi kernels` lists and the codemod's dogfood
compares), so sets with the same dtypes in another order are other sets. A name spells its
dtypes in that order from these parts:

    BOOL     bool                        HALF     float16
    INTS     uint8, int8, int16, int32, int64
    INT      int32, int64                BF16     bfloat16
    FLOAT    float32, float64            COMPLEX  complex64, complex128

ALL_TYPES (BOOL_INTS_HALF_BF16_FLOAT_COMPLEX) is the standard set; sets used by one module
stay in it.
"""

from __future__ import annotations

from phi.common import DataType

BOOL = (DataType.BOOL,)
INTS = (DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64)
INT = (DataType.INT32, DataType.INT64)
HALF = (DataType.FLOAT16,)
BF16 = (DataType.BFLOAT16,)
FLOAT = (DataType.FLOAT32, DataType.FLOAT64)
COMPLEX = (DataType.COMPLEX64, DataType.COMPLEX128)

FLOAT_HALF = (*FLOAT, *HALF)
FLOAT_BF16 = (*FLOAT, *BF16)
FLOAT_HALF_BF16 = (*FLOAT_HALF, *BF16)
FLOAT_INT = (*FLOAT, *INT)
INT_FLOAT = (*INT, *FLOAT)
FLOAT_HALF_INT = (*FLOAT_HALF, *INT)
HALF_FLOAT_INT = (*HALF, *FLOAT, *INT)
FLOAT_COMPLEX = (*FLOAT, *COMPLEX)
FLOAT_INT_COMPLEX = (*FLOAT_INT, *COMPLEX)
INT_FLOAT_COMPLEX = (*INT, *FLOAT_COMPLEX)
INT_HALF_FLOAT_COMPLEX = (*INT, *HALF, *FLOAT_COMPLEX)
FLOAT_HALF_INT_COMPLEX = (*FLOAT_HALF_INT, *COMPLEX)
FLOAT_HALF_BF16_COMPLEX = (*FLOAT_HALF_BF16, *COMPLEX)

BOOL_INT_FLOAT = (*BOOL, *INT, *FLOAT)
BOOL_INT_HALF_FLOAT = (*BOOL, *INT, *HALF, *FLOAT)
BOOL_INT_FLOAT_COMPLEX = (*BOOL_INT_FLOAT, *COMPLEX)
BOOL_INT_HALF_FLOAT_COMPLEX = (*BOOL_INT_HALF_FLOAT, *COMPLEX)

BOOL_INTS = (*BOOL, *INTS)
ALL_TYPES = (*BOOL_INTS, *HALF, *BF16, *FLOAT, *COMPLEX)
ALL_TYPES_NO_BF16 = (*BOOL_INTS, *HALF, *FLOAT, *COMPLEX)
ALL_TYPES_FLOAT8 = (*ALL_TYPES, DataType.FLOAT8_E4M3FN, DataType.FLOAT8_E5M2)
BOOL_INTS_FLOAT_COMPLEX = (*BOOL_INTS, *FLOAT, *COMPLEX)
BOOL_INTS_FLOAT_HALF_COMPLEX = (*BOOL_INTS, *FLOAT_HALF, *COMPLEX)
BOOL_INTS_FLOAT_HALF_BF16_COMPLEX = (*BOOL_INTS, *FLOAT_HALF_BF16, *COMPLEX)
BOOL_INTS_FLOAT_BF16_COMPLEX = (*BOOL_INTS, *FLOAT_BF16, *COMPLEX)
BOOL_INTS_HALF_BF16_FLOAT = (*BOOL_INTS, *HALF, *BF16, *FLOAT)
