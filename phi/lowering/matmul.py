"""Lowering of matmul (matmul_v2)."""

from __future__ import annotations

from typing import Any

from phi.kernels.funcs import matmul as matmul_funcs
from phi.kernels.impl.matmul_kernel_impl import matmul_kernel
from phi.lowering import FLOATS, Emit, lowers


@lowers("matmul", matmul_kernel, FLOATS)
def matmul(emit: Emit, x: Any, y: Any, transpose_x: bool, transpose_y: bool,
           out: Any) -> list[str]:
    return [emit.call(matmul_funcs.matmul, emit.xp, emit.array(x), emit.array(y),
                      transpose_x, transpose_y, emit.output(out, x.dtype))]
