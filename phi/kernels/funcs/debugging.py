"""The debugging family's math (ops a program runs to check its own tensors), as Paddle's
CPU kernels compute it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.common import DataType
from phi.kernels.funcs.common import quiet, to_host

#: The dtypes Paddle's CPU accuracy_check kernel registers.
ACCURACY_CHECK_DTYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16,
                         DataType.BFLOAT16, DataType.INT8, DataType.UINT8, DataType.INT16,
                         DataType.INT32, DataType.INT64, DataType.COMPLEX64,
                         DataType.COMPLEX128, DataType.BOOL)


def check_same_dims(op: str, x_dims: Sequence[int], y_dims: Sequence[int]) -> None:
    """x and y are compared element by element: their dims must be equal."""
    if list(x_dims) != list(y_dims):
        raise ValueError(f"{op}: Input(x) and Input(y) must have the same dims, got "
                         f"{list(x_dims)} and {list(y_dims)}")


def accuracy_check(op: str, x: Any, y: Any, fn_name: str, rtol: float, atol: float,
                   equal_nan: bool, out: Any) -> None:
    """out[i] = x[i] close to y[i]; the first element that is not raises (Paddle's
    PreconditionNotMet, naming fn_name and its flat index), so a result is all True.
    Close: equal, or |x - y| <= atol + rtol * |y|, or those two within 1e-10; a NaN on
    either side is close only with equal_nan and a NaN on both. Real values compare in
    float64, complex ones in their component precision, as Paddle."""
    a, b = to_host(x).reshape(-1), to_host(y).reshape(-1)
    if np.iscomplexobj(a):
        work = a.real.dtype.type
    else:
        work = np.float64
        a, b = a.astype(np.float64), b.astype(np.float64)
    with quiet(np):
        left = np.abs(a - b).astype(work)
        right = (work(atol) + work(rtol) * np.abs(b)).astype(work)
        close = (a == b) | (left <= right) | (np.abs(left - right) <= 1e-10)
    nan_a, nan_b = np.isnan(a), np.isnan(b)
    either = nan_a | nan_b
    close = np.where(either, equal_nan & (nan_a == nan_b), close)
    bad = np.flatnonzero(~close)
    if bad.size:
        raise ValueError(f"{op}: Accuracy check failed, kernel name {fn_name}, res index "
                         f"{int(bad[0])}")
    out[...] = True
