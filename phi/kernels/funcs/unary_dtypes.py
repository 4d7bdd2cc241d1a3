"""The dtypes the unary op families register their kernels for, declared once for both of
their forms: the PHI kernels (`phi/kernels/impl/unary_math_kernel_impl.py`,
`activation_kernel_impl.py`) and the legacy kernels (`legacy_fluid/operators/unary_math_op.py`,
`activation_op.py`) import them. Each tuple's order is the order its dtypes register in.
"""

from __future__ import annotations

from phi.common import DataType

FLOAT = (DataType.FLOAT32, DataType.FLOAT64)
FLOAT_HALF = (*FLOAT, DataType.FLOAT16)
COMPLEX = (DataType.COMPLEX64, DataType.COMPLEX128)
FLOAT_COMPLEX = (*FLOAT, *COMPLEX)
HALF_COMPLEX = (*FLOAT_HALF, *COMPLEX)
INT = (DataType.INT32, DataType.INT64)
FLOAT_INT = (*FLOAT, *INT)

# unary_math: erf; expm1 (GPU; CPU adds COMPLEX), log1p (the same); isnan_v2 / isfinite_v2,
# isinf_v2; round and conj; log2 and log10
ERF = FLOAT_HALF
EXPM1 = (*FLOAT_HALF, *INT)
LOG1P = (*EXPM1, DataType.BFLOAT16)
ISNAN = (*LOG1P, *COMPLEX)
ISINF = (*ISNAN, DataType.UINT8, DataType.INT8, DataType.INT16)
ROUND = (*FLOAT_INT, *COMPLEX)
LOG2 = (*FLOAT_INT, DataType.FLOAT16, DataType.BFLOAT16, *COMPLEX)

# activation: log (CPU), relu (GPU), abs and square, floor and ceil, sign
LOG_CPU = (*FLOAT_HALF, DataType.BFLOAT16, *COMPLEX, *INT)
RELU_GPU = (*FLOAT_HALF, DataType.BFLOAT16)
INT_COMPLEX_CPU = (*FLOAT, *INT, *COMPLEX)
INT_COMPLEX_GPU = (*FLOAT_HALF, *INT, *COMPLEX)
_SMALL_INT = (DataType.UINT8, DataType.INT8, DataType.INT16, *INT)
ROUND_CPU = (*FLOAT_HALF, DataType.BFLOAT16, *_SMALL_INT)
ROUND_GPU = (*FLOAT_HALF, *_SMALL_INT)
_SIGNED_INT = (DataType.INT8, DataType.INT16, *INT, DataType.UINT8)
SIGN_CPU = (*_SIGNED_INT, *FLOAT_COMPLEX)
SIGN_GPU = (*_SIGNED_INT, *FLOAT_HALF, DataType.BFLOAT16)
