"""Lowering of flatten (flatten_contiguous_range) and flatten_with_xshape: a copy into
Out's buffer, as the kernels write it."""

from __future__ import annotations

from typing import Any

from phi.common import DataType
from phi.kernels.funcs import flatten as flatten_funcs
from phi.kernels.impl.flatten_kernel_impl import flatten_kernel, flatten_with_xshape_kernel
from phi.lowering import Emit, lowers

_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
          DataType.INT64, DataType.FLOAT32, DataType.FLOAT64]


def _copy(emit: Emit, x: Any, out: Any) -> list[str]:
    return [emit.call(flatten_funcs.copy_reshaped, emit.xp, emit.array(x),
                      emit.output(out, x.dtype))]


@lowers("flatten", flatten_kernel, _TYPES)
def flatten(emit: Emit, x: Any, start_axis: int, stop_axis: int, out: Any) -> list[str]:
    return _copy(emit, x, out)


@lowers("flatten_with_xshape", flatten_with_xshape_kernel, _TYPES)
def flatten_with_xshape(emit: Emit, x: Any, start_axis: int, stop_axis: int, out: Any,
                        xshape: Any) -> list[str]:
    return _copy(emit, x, out)
