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


#: The dtypes Paddle's CPU check_numerics kernel registers.
CHECK_NUMERICS_DTYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16,
                         DataType.BFLOAT16, DataType.COMPLEX64, DataType.COMPLEX128)
_HINT_DTYPES = {"float32": "fp32", "float64": "fp64", "float16": "fp16", "bfloat16": "bf16"}


def check_numerics(xp: Any, op: str, x: Any, op_type: str, var_name: str, level: int,
                   output_dir: str, stats: Any, values: Any) -> None:
    """stats = [NaNs, infs, zeros] (int64), values = [max, min, mean] (float32) of x, as
    Paddle's CPU kernel: a fold from x's first element (a NaN there stays; a later NaN never
    wins), the mean summed in order of x / numel in float32 (float64 for float64 x); all 0
    for an empty x. A NaN or inf raises at check_nan_inf_level 0. Complex x: only the
    NaN / inf check (Paddle leaves stats and values unwritten; here 0). Paddle's printed
    and file logs are not written: a non-empty output_dir is refused."""
    if output_dir:
        raise ValueError(f"{op}: output_dir {output_dir!r}: fluidphi does not write "
                         f"check_numerics logs; run with an empty output_dir")
    a = to_host(x).reshape(-1)
    stats[...] = 0
    values[...] = 0
    if a.size == 0:
        return
    hint = (f"[device=cpu, op={op_type}, tensor={var_name}, "
            f"dtype={_HINT_DTYPES.get(str(a.dtype), '')}]")
    if np.iscomplexobj(a):
        if not np.all(np.isfinite(a)):
            raise ValueError(f"{op}: There are NAN or INF in {hint}.")
        return
    work = np.float64 if a.dtype == np.float64 else np.float32
    w = a.astype(work)
    nan = np.isnan(w)
    counts = (int(nan.sum()), int(np.isinf(w).sum()), int((w == 0).sum()))
    with quiet(np):
        if nan[0]:
            high = low = w[0]
        else:
            high, low = np.max(w[~nan]), np.min(w[~nan])
        mean = np.cumsum(w / work(a.size), dtype=work)[-1]
    stats[...] = xp.asarray(np.asarray(counts, np.int64))
    values[...] = xp.asarray(np.asarray([high, low, mean]).astype(np.float32))
    if level == 0 and (counts[0] or counts[1]):
        raise ValueError(f"{op}: There are NAN or INF (num_nan={counts[0]}, "
                         f"num_inf={counts[1]}, num_zero={counts[2]}) in {hint}.")


def check_assert(op: str, cond: Any, cond_name: str, data: Sequence[tuple[str, Any]],
                 summarize: int) -> None:
    """Paddle's assert: Cond holds one bool; when it is false, raise naming Cond's variable,
    with each Data tensor's first `summarize` elements (-1: all)."""
    flat = to_host(cond).reshape(-1)
    if flat.size != 1:
        raise ValueError(f"{op}: The numel of Input(Condition) of AssertOp must be 1. But now "
                         f"the Condition's shape is {list(to_host(cond).shape)}.")
    if bool(flat[0]):
        return
    shown = "".join(
        f"\n  {name}: shape {list(array.shape)}, dtype {array.dtype}, data "
        f"{to_host(array).reshape(-1)[:None if summarize < 0 else summarize].tolist()}"
        for name, array in data)
    raise ValueError(f"{op}: The condition variable '{cond_name}' of AssertOp must be true, "
                     f"but received false{shown}")
