"""Lowering of flatten (flatten_contiguous_range) and flatten_with_xshape: a copy into
Out's buffer, as the kernels write it (`copy_reshaped`): from X viewed in Out's shape, made
once, where X's buffer is C-contiguous (the reshape is then a view)."""

from __future__ import annotations

from typing import Any

from phi.common import DataType
from phi.kernels.funcs import flatten as flatten_funcs
from phi.kernels.impl.flatten_kernel_impl import flatten_kernel, flatten_with_xshape_kernel
from phi.lowering import Emit, Name, lowers

_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
          DataType.INT64, DataType.FLOAT32, DataType.FLOAT64]


def _copy(emit: Emit, x: Any, out: Any) -> list[str]:
    xn, on = emit.array(x), emit.output(out, x.dtype)
    xa, oa = emit.buffer(xn), emit.buffer(on)
    if not xa.flags.c_contiguous or xa.size != oa.size:
        return [emit.call(flatten_funcs.copy_reshaped, emit.xp, xn, on)]
    return [Name(f"{emit.xp}.copyto({on}, {emit.view(xn, xa.reshape(oa.shape), 'x')})")]


@lowers("flatten", flatten_kernel, _TYPES)
def flatten(emit: Emit, x: Any, start_axis: int, stop_axis: int, out: Any) -> list[str]:
    return _copy(emit, x, out)


@lowers("flatten_with_xshape", flatten_with_xshape_kernel, _TYPES)
def flatten_with_xshape(emit: Emit, x: Any, start_axis: int, stop_axis: int, out: Any,
                        xshape: Any) -> list[str]:
    return _copy(emit, x, out)
