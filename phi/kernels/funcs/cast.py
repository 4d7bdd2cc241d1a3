"""cast: element-type conversion with C cast semantics, shared by PHI and legacy kernels."""

from __future__ import annotations

import math
from typing import Any

import ml_dtypes
import numpy as np

from phi.common import DataType
from phi.kernels.funcs.common import quiet

#: The float8 types (ml_dtypes'); Paddle 3.3.1 registers CPU kernels for them on casts,
#: copies and fills only.
FLOAT8_TYPES = (DataType.FLOAT8_E4M3FN, DataType.FLOAT8_E5M2)
#: The unsigned types wider than uint8: Paddle 3.3.1 registers CPU PHI kernels for them on
#: cast (from them), fill, numel and transpose / transpose_grad only; no fluid kernel is
#: keyed on them (legacy_fluid's VarType.keys_kernel), so only the PHI form runs them.
WIDE_UNSIGNED_TYPES = (DataType.UINT16, DataType.UINT32, DataType.UINT64)

#: Element types Paddle 3.3.1's cast refuses to write ("Invalid enum data type"): a legacy
#: program's cast to uint16 / uint32 / uint64 fails there.
UNCASTABLE = (np.dtype(np.uint16), np.dtype(np.uint32), np.dtype(np.uint64))

#: float8 type -> (the magnitude from which Paddle's conversion to it saturates, infinity
#: included; the type's largest finite value; whether NaN saturates too). Below it Paddle
#: rounds to nearest even, as ml_dtypes does (e4m3fn: 464 < |x| < 480 gives NaN; e5m2:
#: 61440 <= |x| < 65536 gives inf). Measured on Paddle 3.3.1's CPU cast kernel.
FLOAT8_SATURATION = {np.dtype(ml_dtypes.float8_e4m3fn): (480.0, 448.0, True),
                     np.dtype(ml_dtypes.float8_e5m2): (65536.0, 57344.0, False)}


#: The 16-bit float types: Paddle converts any other type to them through float32 (their
#: constructors take a float), so a value can round twice; the conversion is spelled out
#: here rather than left to whatever path NumPy or ml_dtypes takes for the pair.
HALF_TYPES = (np.dtype(np.float16), np.dtype(ml_dtypes.bfloat16))
#: Source types whose conversion to a 16-bit float is the same through float32 or not.
HALF_SOURCES = (np.dtype(np.float32), *HALF_TYPES)


def cast(xp: Any, x: Any, out: Any) -> None:
    """out = x converted to out's dtype (floats truncate toward zero; complex -> real part;
    float8 goes through float32 both ways, and every type to float16 / bfloat16, as Paddle
    converts them); out's dtype one of UNCASTABLE is refused, naming the op and its
    attribute, as Paddle refuses it."""
    if np.dtype(out.dtype) in UNCASTABLE:
        raise ValueError(f"cast: attribute out_dtype is {np.dtype(out.dtype)}: Paddle 3.3.1 "
                         "has no cast to it (Invalid enum data type)")
    if np.dtype(x.dtype) in FLOAT8_SATURATION:
        x = x.astype(np.float32)
    if np.dtype(x.dtype).kind == "c" and np.dtype(out.dtype).kind != "c":
        x = x.real
    if np.dtype(out.dtype) in FLOAT8_SATURATION:
        x = saturate_float8(xp, x, out.dtype)
    elif np.dtype(out.dtype) in HALF_TYPES and np.dtype(x.dtype) not in HALF_SOURCES:
        with quiet(xp):
            x = xp.asarray(x).astype(np.float32)
    with quiet(xp):
        xp.copyto(out, x, casting="unsafe")


def float_to_int(value: float, dtype: Any) -> int:
    """A finite float converted to integer type `dtype` as C's static_cast does where C
    defines it (the value truncated toward zero, when the type holds it), and elsewhere as
    Paddle 3.3.1's x86-64 CPU build does (measured on its fill kernel): types up to 16 bits
    and int32 go through a 32-bit, uint32 and int64 through a 64-bit truncating conversion
    that gives INT_MIN when out of range, kept modulo the type's width; uint64 subtracts
    2**63 first from values at or above it (so [2**63, 2**64) is exact and beyond gives 0)."""
    dtype = np.dtype(dtype)
    if not math.isfinite(value):
        raise ValueError(f"{value} cannot be converted to {dtype}")
    bits = dtype.itemsize * 8
    if dtype == np.uint64 and value >= 2.0 ** 63:
        t = int(value) - 2 ** 63
        return t + 2 ** 63 if t < 2 ** 63 else 0
    width = 64 if bits == 64 or dtype == np.uint32 else 32
    t = int(value)
    if not -(2 ** (width - 1)) <= t < 2 ** (width - 1):
        t = -(2 ** (width - 1))
    t %= 2 ** bits
    return t - 2 ** bits if dtype.kind == "i" and t >= 2 ** (bits - 1) else t


def saturate_float8(xp: Any, x: Any, dtype: Any) -> Any:
    """`x` as float32 with the magnitudes Paddle's conversion to float8 `dtype` saturates
    (see FLOAT8_SATURATION) set to the largest finite value of their sign bit's sign."""
    limit, largest, nan_saturates = FLOAT8_SATURATION[np.dtype(dtype)]
    with quiet(xp):
        f = xp.asarray(x).astype(np.float32)
        over = xp.abs(f) >= limit
        if nan_saturates:
            over |= xp.isnan(f)
        return xp.where(over, xp.copysign(np.float32(largest), f), f)
