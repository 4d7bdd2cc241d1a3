"""Lowering of matmul (matmul_v2): when the product goes straight into Out (the funcs'
`direct` case), the operands are transposed once (`matmul_operands`, views) and
`matmul_into` computes; otherwise the funcs' matmul."""

from __future__ import annotations

from typing import Any

import numpy as np

from phi.kernels.funcs import matmul as matmul_funcs
from phi.kernels.impl.matmul_kernel_impl import matmul_kernel
from phi.lowering import FLOATS, Emit, lowers


@lowers("matmul", matmul_kernel, FLOATS)
def matmul(emit: Emit, x: Any, y: Any, transpose_x: bool, transpose_y: bool,
           out: Any) -> list[str]:
    xn, yn, on = emit.array(x), emit.array(y), emit.output(out, x.dtype)
    a, b, direct = matmul_funcs.matmul_operands(np, emit.buffer(xn), emit.buffer(yn),
                                                transpose_x, transpose_y, emit.buffer(on))
    if not direct:
        return [emit.call(matmul_funcs.matmul, emit.xp, xn, yn, transpose_x, transpose_y, on)]
    return [emit.call(matmul_funcs.matmul_into, emit.xp, emit.view(xn, a, "a"),
                      emit.view(yn, b, "b"), on)]
