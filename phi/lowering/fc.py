"""Lowering of fc: the fused matmul + bias + activation on views of the step's buffers
(`fc_operands`, made once), written out as `fc_rows` makes its calls: the product into
Out's rows, the bias added in place (one row of it read as Out's shape where Out has
one row, `operand`), then the activation in place, relu as its one fmax with a 0-d typed
zero (`relu_zero`), any other through its `in_place` function."""

from __future__ import annotations

from typing import Any

from phi.kernels.funcs import activation as act_funcs
from phi.kernels.funcs import fused as fused_funcs
from phi.kernels.impl.fc_kernel_impl import fc_kernel
from phi.lowering import FLOATS, Emit, Name, NotLowerableError, lowers, operand, scalar


@lowers("fc", fc_kernel, FLOATS)
def fc(emit: Emit, input: Any, w: Any, bias: Any, in_num_col_dims: int,
       activation_type: str, padding_weights: bool, out: Any) -> list[str]:
    if padding_weights:
        raise NotLowerableError("fc: padding_weights (the kernel refuses it)")
    if activation_type not in fused_funcs.ACTIVATIONS:
        raise NotLowerableError(f"fc: activation {activation_type!r} (the kernel refuses it)")
    x, wn, b = emit.array(input), emit.array(w), emit.optional(bias)
    o = emit.output(out, input.dtype)
    oa = emit.buffer(o)
    rows2d, flat, bias_row = fused_funcs.fc_operands(
        emit.buffer(x), emit.buffer(wn), None if b is None else emit.buffer(b),
        in_num_col_dims, oa)
    fl = emit.view(o, flat, "flat")
    lines = [Name(f"{emit.xp}.matmul({emit.view(x, rows2d, 'rows')}, {wn}, out={fl})")]
    if b is not None:
        row = operand(emit, b, bias_row, flat.shape, "bias_row")
        lines.append(Name(f"{emit.xp}.add({fl}, {row}, out={fl})"))
    act = fused_funcs.in_place(activation_type)
    zero = act_funcs.relu_zero(oa, oa) if activation_type == "relu" else None
    if zero is not None:  # what relu does in place (act_funcs.relu)
        lines.append(Name(f"{emit.xp}.fmax({o}, {scalar(emit, zero, 'zero')}, out={o})"))
    elif act is not None:
        lines.append(emit.call(act, emit.xp, o, 0.0, o))
    return lines
