"""Lowering of transpose (transpose2): a copy into Out's buffer, as the kernel writes it,
from X's transposed view made once."""

from __future__ import annotations

from typing import Any

from phi.common import DataType
from phi.kernels.funcs import transpose as tr_funcs
from phi.kernels.impl.transpose_kernel_impl import transpose_kernel
from phi.lowering import Emit, Name, NotLowerableError, lowers

_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
          DataType.INT64, DataType.FLOAT32, DataType.FLOAT64]


@lowers("transpose", transpose_kernel, _TYPES)
def transpose(emit: Emit, x: Any, axis: list[int], out: Any) -> list[str]:
    xn, on = emit.array(x), emit.output(out, x.dtype)
    array = emit.buffer(xn)
    try:
        perm = tr_funcs.normalize_perm(array.ndim, tuple(axis))
    except ValueError as err:  # the kernel call raises it
        raise NotLowerableError(str(err)) from None
    view = emit.view(xn, array.transpose(perm), "x_transposed")
    return [Name(f"{on}[...] = {view}")]
