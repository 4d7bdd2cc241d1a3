"""Lowering of pool2d: the funcs' pool2d on the step's buffers, with the device context's
workspaces; the kernel size is read from its IntArray on every run, as the kernel does."""

from __future__ import annotations

from typing import Any

from phi.kernels.funcs import pooling as pool_funcs
from phi.kernels.impl.pool2d_kernel_impl import pool2d_kernel
from phi.lowering import FLOATS, Emit, Name, lowers


@lowers("pool2d", pool2d_kernel, FLOATS)
def pool2d(emit: Emit, x: Any, kernel_size: Any, strides: list[int], paddings: list[int],
           ceil_mode: bool, exclusive: bool, data_format: str, pooling_type: str,
           global_pooling: bool, adaptive: bool, padding_algorithm: str,
           out: Any) -> list[str]:
    sizes = Name(f"{emit.value(kernel_size, 'kernel_size')}.get_data()")
    return [emit.call(pool_funcs.pool2d, emit.xp, emit.array(x), sizes,
                      emit.value(strides, "strides"), emit.value(paddings, "paddings"),
                      ceil_mode, exclusive, data_format, pooling_type, global_pooling,
                      adaptive, padding_algorithm, emit.output(out, x.dtype), emit.workspace)]
