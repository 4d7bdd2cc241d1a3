"""Lowering of fc: the fused matmul + bias + activation on views of the step's buffers
(`fc_operands`, made once)."""

from __future__ import annotations

from typing import Any

from phi.kernels.funcs import fused as fused_funcs
from phi.kernels.impl.fc_kernel_impl import fc_kernel
from phi.lowering import FLOATS, Emit, NotLowerableError, lowers


@lowers("fc", fc_kernel, FLOATS)
def fc(emit: Emit, input: Any, w: Any, bias: Any, in_num_col_dims: int,
       activation_type: str, padding_weights: bool, out: Any) -> list[str]:
    if padding_weights:
        raise NotLowerableError("fc: padding_weights (the kernel refuses it)")
    if activation_type not in fused_funcs.ACTIVATIONS:
        raise NotLowerableError(f"fc: activation {activation_type!r} (the kernel refuses it)")
    x, wn, b = emit.array(input), emit.array(w), emit.optional(bias)
    o = emit.output(out, input.dtype)
    rows2d, flat, bias_row = fused_funcs.fc_operands(
        emit.buffer(x), emit.buffer(wn), None if b is None else emit.buffer(b),
        in_num_col_dims, emit.buffer(o))
    act = fused_funcs.in_place(activation_type)
    return [emit.call(fused_funcs.fc_rows, emit.xp, emit.view(x, rows2d, "rows"), wn,
                      None if b is None else emit.view(b, bias_row, "bias_row"),
                      None if act is None else emit.value(act, activation_type),
                      emit.view(o, flat, "flat"), o)]
