"""Bitwise math shared by PHI and legacy kernels: bitwise_not and the shifts
(bitwise_and / or / xor are ufunc ops in `elementwise`).

Shifts follow Paddle's functors: y broadcasts against x NumPy-style; an amount that is
negative or at least the type's width gives 0, except an arithmetic right shift, which
then gives -1 for negative x (the sign fill); within range, a left shift wraps and a
logical right shift moves a signed x's bits as unsigned.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from phi.common import DataType

#: the dtypes Paddle 3.3.1 registers the shifts (SHIFT_TYPES) and bitwise_and / or / xor /
#: not (TYPES) for, on CPU and GPU, legacy and PHI kernels alike
SHIFT_TYPES = (DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64)
TYPES = (DataType.BOOL, *SHIFT_TYPES)

_UNSIGNED = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}


def bitwise_not(xp: Any, x: Any, out: Any) -> None:
    """~x (logical not for bool)."""
    xp.invert(x, out=out)


def _amounts(xp: Any, x: Any, y: Any) -> tuple[Any, Any, Any]:
    """(x, y broadcast to out's shape, y clipped into [0, width), y out of that range)."""
    a, b = xp.broadcast_arrays(x, y)
    width = 8 * np.dtype(x.dtype).itemsize
    outside = (b < 0) | (b >= width)
    return a, xp.where(outside, 0, b).astype(x.dtype), outside


def left_shift(xp: Any, x: Any, y: Any, is_arithmetic: bool, out: Any) -> None:
    """x << y, wrapping; 0 where y < 0 or y >= the width (both modes)."""
    a, b, outside = _amounts(xp, x, y)
    xp.copyto(out, xp.where(outside, x.dtype.type(0), xp.left_shift(a, b)), casting="unsafe")


def right_shift(xp: Any, x: Any, y: Any, is_arithmetic: bool, out: Any) -> None:
    """x >> y. Arithmetic: sign-filling, and -1 / 0 by x's sign where y is out of range.
    Logical: zero-filling (a signed x's bits shift as unsigned), 0 where y is out of range."""
    a, b, outside = _amounts(xp, x, y)
    zero = x.dtype.type(0)
    if is_arithmetic or np.dtype(x.dtype).kind == "u":
        fill = xp.where(a < 0, x.dtype.type(-1), zero) if np.dtype(x.dtype).kind == "i" else zero
        xp.copyto(out, xp.where(outside, fill, xp.right_shift(a, b)), casting="unsafe")
        return
    unsigned = _UNSIGNED[np.dtype(x.dtype).itemsize]
    shifted = xp.right_shift(a.view(unsigned), b.astype(unsigned)).view(x.dtype)
    xp.copyto(out, xp.where(outside, zero, shifted), casting="unsafe")
