"""Binary and ternary element-wise math shared by PHI and legacy kernels: atan2, lerp,
copysign and nextafter.

Operands broadcast NumPy-style (no fluid `axis`), except atan2, which reads X2 flat (see
`atan2`). Each function writes into `out`; half types compute in float32 where Paddle's
functor does and round once on store.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.common import DataType
from phi.kernels.funcs.common import HALF_DTYPES, quiet
from phi.kernels.funcs.elementwise import broadcast_shape

#: lerp's kernel handles ranks 0..6.
LERP_MAX_RANK = 6


def _store(xp: Any, value: Any, out: Any) -> None:
    xp.copyto(out, value, casting="unsafe")


# -- atan2 --------------------------------------------------------------------------------


def atan2_out_dtype(x_dtype: DataType) -> DataType:
    """Integer atan2 gives float64 (other types keep theirs)."""
    return DataType.FLOAT64 if x_dtype.is_integer else x_dtype


def atan2_dims(x1_dims: Sequence[int], x2_dims: Sequence[int]) -> tuple[int, ...]:
    """Out's dims, X1's: X2 must have X1's rank and no dim smaller than X1's."""
    if len(x1_dims) != len(x2_dims):
        raise ValueError(f"atan2: X1 (dims {list(x1_dims)}) and X2 (dims {list(x2_dims)}) "
                         "must have the same rank")
    for i, (a, b) in enumerate(zip(x1_dims, x2_dims)):
        if a > b >= 0:
            raise ValueError(f"atan2: dim {i} of X1 ({a}) is larger than X2's ({b}); X2 may not "
                             f"be smaller than X1 (dims {list(x1_dims)} vs {list(x2_dims)})")
    return tuple(x1_dims)


def atan2(xp: Any, x1: Any, x2: Any, out: Any) -> None:
    """out = atan2(x1, x2) in (-pi, pi], out shaped as x1. Paddle's kernel reads x2 flat:
    element i of x1 meets element i of x2's flattened data (x2 may be larger: only its first
    numel(x1) elements are read). float64 computes in float64; every other type (float16,
    float32, int32, int64) gives a float32 result as Paddle's does (integers widened to
    float64): computed here in float64 and rounded once to float32, so it is the correctly
    rounded float32 atan2 on every CPU (NumPy's float32 arctan2 takes a different SIMD path,
    and last ulp, per CPU)."""
    y = x2.reshape(-1)[: x1.size].reshape(x1.shape)
    with quiet(xp):
        value = xp.arctan2(x1.astype(np.float64), y.astype(np.float64))
        _store(xp, value if x1.dtype == np.float64 else value.astype(np.float32), out)


# -- lerp ---------------------------------------------------------------------------------


def lerp_dims(x_dims: Sequence[int], y_dims: Sequence[int],
              w_dims: Sequence[int]) -> tuple[int, ...]:
    """x, y and weight broadcast together (NumPy style)."""
    return broadcast_shape(broadcast_shape(x_dims, y_dims, -1), w_dims, -1)


def lerp(xp: Any, x: Any, y: Any, weight: Any, out: Any) -> None:
    """out = x + weight * (y - x), all three broadcast to out's shape (rank at most 6)."""
    if out.ndim > LERP_MAX_RANK:
        raise ValueError(f"lerp: the number of dimensions must be less than or equal to "
                         f"{LERP_MAX_RANK}, got {out.ndim} (out dims {list(out.shape)})")
    with quiet(xp):
        _store(xp, x + weight * (y - x), out)


# -- copysign -----------------------------------------------------------------------------


def copysign(xp: Any, x: Any, y: Any, out: Any) -> None:
    """out = |x| with y's sign. Floats: C's copysign (half types by their sign bit). Bool
    and integers go through float64 as C's copysign(double, double) does and convert back:
    int8 -128 with a non-negative y gives 128, which wraps to -128; int64 values past 2**53
    round, and 2**63 wraps to INT64_MIN."""
    kind = np.dtype(x.dtype).kind
    if np.dtype(x.dtype) in HALF_DTYPES:
        a, b = xp.broadcast_arrays(x.view(np.uint16), y.view(np.uint16))
        bits = (a & np.uint16(0x7FFF)) | (b & np.uint16(0x8000))
        _store(xp, bits.view(x.dtype), out)
        return
    if kind == "f":
        xp.copysign(x, y, out=out)
        return
    with quiet(xp):
        value = xp.copysign(x.astype(np.float64), y.astype(np.float64))
        if kind == "b":
            _store(xp, value != 0, out)
            return
        value = xp.where(value >= 2.0**63, -(2.0**63), value)
        _store(xp, value.astype(np.int64), out)


# -- nextafter ----------------------------------------------------------------------------


def nextafter(xp: Any, x: Any, y: Any, out: Any) -> None:
    """out = the next representable value after x toward y (x where they are equal; NaN if
    either is NaN)."""
    with quiet(xp):
        xp.nextafter(x, y, out=out)
