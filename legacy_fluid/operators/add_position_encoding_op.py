"""add_position_encoding: X * alpha + beta * a sinusoid of each row's position.

X [batch, steps, enc] (position = step) or X [rows, enc] with one LoD level (position =
row within its sequence) -> Out of X's dims, dtype and LoD; enc must be even. The first
enc / 2 features get sin, the rest cos, of position / 10000^(k / (enc / 2 - 1)).
Math: phi.kernels.funcs.sequence.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import sequence as seq_funcs


class AddPositionEncodingOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class AddPositionEncodingKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        offsets = seq_funcs.position_offsets("add_position_encoding", x.dims, x.lod)
        seq_funcs.add_position_encoding(ctx.xp, x.data, offsets, ctx.attr("alpha"),
                                        ctx.attr("beta"),
                                        ctx.output("Out").mutable_data(ctx.place, x.dtype))


VERIFY_CASES = [
    {"name": "padded batch", "attrs": {"alpha": 0.5, "beta": 2.0},
     "inputs": {"X": (2, 3, 6)}, "outputs": {"Out": 1}},
    {"name": "LoD rows", "inputs": {"X": {"shape": (5, 4), "lod": [[0, 2, 2, 5]]}},
     "outputs": {"Out": 1}},
]

register_operator("add_position_encoding", AddPositionEncodingOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    for _backend in ("CPU", "GPU"):
        register_op_kernel("add_position_encoding", _backend, AddPositionEncodingKernel, _dtype)
