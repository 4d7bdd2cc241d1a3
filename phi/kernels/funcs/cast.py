"""cast: element-type conversion with C cast semantics, shared by PHI and legacy kernels."""

from __future__ import annotations

from typing import Any

import ml_dtypes
import numpy as np

from phi.common import DataType
from phi.kernels.funcs.common import quiet

#: The float8 types (ml_dtypes'); Paddle 3.3.1 registers CPU kernels for them on casts,
#: copies and fills only.
FLOAT8_TYPES = (DataType.FLOAT8_E4M3FN, DataType.FLOAT8_E5M2)

#: Element types Paddle 3.3.1's cast refuses to write ("Invalid enum data type"): a legacy
#: program's cast to uint16 / uint32 / uint64 fails there.
UNCASTABLE = (np.dtype(np.uint16), np.dtype(np.uint32), np.dtype(np.uint64))

#: float8 type -> (the magnitude from which Paddle's conversion to it saturates, infinity
#: included; the type's largest finite value; whether NaN saturates too). Below it Paddle
#: rounds to nearest even, as ml_dtypes does (e4m3fn: 464 < |x| < 480 gives NaN; e5m2:
#: 61440 <= |x| < 65536 gives inf). Measured on Paddle 3.3.1's CPU cast kernel.
FLOAT8_SATURATION = {np.dtype(ml_dtypes.float8_e4m3fn): (480.0, 448.0, True),
                     np.dtype(ml_dtypes.float8_e5m2): (65536.0, 57344.0, False)}


def cast(xp: Any, x: Any, out: Any) -> None:
    """out = x converted to out's dtype (floats truncate toward zero; complex -> real part;
    float8 goes through float32 both ways, as Paddle converts it); out's dtype one of
    UNCASTABLE is refused, naming the op and its attribute, as Paddle refuses it."""
    if np.dtype(out.dtype) in UNCASTABLE:
        raise ValueError(f"cast: attribute out_dtype is {np.dtype(out.dtype)}: Paddle 3.3.1 "
                         "has no cast to it (Invalid enum data type)")
    if np.dtype(x.dtype) in FLOAT8_SATURATION:
        x = x.astype(np.float32)
    if np.dtype(x.dtype).kind == "c" and np.dtype(out.dtype).kind != "c":
        x = x.real
    if np.dtype(out.dtype) in FLOAT8_SATURATION:
        x = saturate_float8(xp, x, out.dtype)
    with quiet(xp):
        xp.copyto(out, x, casting="unsafe")


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
