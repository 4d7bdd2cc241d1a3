"""bitwise_and: Out = X & Y (logical and for bool), Y broadcast against X NumPy-style.

Paddle 3.3.1 declares no attributes (no `axis`, no extra switches) for the bitwise ops.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import elementwise as ew_funcs

_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
          DataType.INT64)


class BitwiseBinaryOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "first operand (bool or integer)")
        self.add_input("Y", "second operand, broadcast against X")
        self.add_output("Out", "result with the broadcast dims and X's dtype")


class BitwiseBinaryOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        dims = ew_funcs.broadcast_shape(ctx.get_input_dim("X"), ctx.get_input_dim("Y"), -1)
        ctx.set_output_dim("Out", dims)
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        ctx.share_lod("X", "Out")


class BitwiseAndKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        ew_funcs.bitwise_and(ctx.xp, x.data, y.data, -1, data)


register_operator("bitwise_and", BitwiseBinaryOp, BitwiseBinaryOpMaker)
for _dtype in _TYPES:
    register_op_kernel("bitwise_and", "CPU", BitwiseAndKernel, _dtype)
    register_op_kernel("bitwise_and", "GPU", BitwiseAndKernel, _dtype)
