"""Bitwise ops: Out = X & Y, X | Y, X ^ Y (logical for bool) and ~X; Y broadcast against X
NumPy-style; and the Paddle 3.x shifts bitwise_left_shift / bitwise_right_shift (lower-case
slots x, y, out; `is_arithmetic` picks the right shift's fill).

Paddle 3.3.1 declares no `axis` and no extra switches for the bitwise ops. Shift edge cases
(negative amounts, amounts of the type's width or more) follow Paddle's functors: see
phi.kernels.funcs.bitwise.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.kernel_templates import NoAxisBinaryKernel, SameDtypeKernel
from phi.kernels.funcs import bitwise as bitwise_funcs
from phi.kernels.funcs import elementwise as ew_funcs

_INTS = bitwise_funcs.SHIFT_TYPES
_TYPES = bitwise_funcs.TYPES

#: Shift amounts stay small for `--verify` (random int tensors would shift past the width).
_SHIFT_CASES = [{"name": "amounts 0..7", "inputs": {"x": {"shape": (3, 4), "low": -50, "high": 50},
                                                    "y": {"shape": (3, 4), "low": 0, "high": 8}}}]
VERIFY_CASES = {"bitwise_left_shift": _SHIFT_CASES, "bitwise_right_shift": _SHIFT_CASES}


class BitwiseLeftShiftKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        y = ctx.input("y")
        out = ctx.output("out")
        is_arithmetic = ctx.attr("is_arithmetic")
        data = out.mutable_data(ctx.place, x.dtype)
        bitwise_funcs.left_shift(ctx.xp, x.data, y.data, is_arithmetic, data)


class BitwiseRightShiftKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        y = ctx.input("y")
        out = ctx.output("out")
        is_arithmetic = ctx.attr("is_arithmetic")
        data = out.mutable_data(ctx.place, x.dtype)
        bitwise_funcs.right_shift(ctx.xp, x.data, y.data, is_arithmetic, data)


register_operator("bitwise_and", OperatorWithKernel)
register_operator("bitwise_or", OperatorWithKernel)
register_operator("bitwise_xor", OperatorWithKernel)
register_operator("bitwise_not", OperatorWithKernel)
register_operator("bitwise_left_shift", OperatorWithKernel)
register_operator("bitwise_right_shift", OperatorWithKernel)
register_op_table(NoAxisBinaryKernel, [
    OpKernelRow("bitwise_and", "BitwiseAndKernel", ew_funcs.bitwise_and, _TYPES),
    OpKernelRow("bitwise_or", "BitwiseOrKernel", ew_funcs.bitwise_or, _TYPES),
    OpKernelRow("bitwise_xor", "BitwiseXorKernel", ew_funcs.bitwise_xor, _TYPES),
])
register_op_table(SameDtypeKernel, [
    OpKernelRow("bitwise_not", "BitwiseNotKernel", bitwise_funcs.bitwise_not, _TYPES),
])
for _backend in ("CPU", "GPU"):
    for _dtype in _INTS:
        register_op_kernel("bitwise_left_shift", _backend, BitwiseLeftShiftKernel, _dtype)
        register_op_kernel("bitwise_right_shift", _backend, BitwiseRightShiftKernel, _dtype)
