"""matmul (v1, Paddle 1.x/2.x): Out = alpha * (op(X) @ op(Y)).

transpose_X/transpose_Y transpose the last two dims; products follow matmul_v2's
rules (vectors, broadcast batch dims). head_number only mattered to MKLML builds
and is ignored.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import matmul as matmul_funcs


class MatMulOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        dims = matmul_funcs.matmul_out_dims(ctx.get_input_dim("X"), ctx.get_input_dim("Y"),
                                            ctx.attr("transpose_X"), ctx.attr("transpose_Y"))
        ctx.set_output_dim("Out", dims)
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        ctx.share_lod("X", "Out")

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class MatMulKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        transpose_x = ctx.attr("transpose_X")
        transpose_y = ctx.attr("transpose_Y")
        alpha = ctx.attr("alpha")
        data = out.mutable_data(ctx.place, x.dtype)
        matmul_funcs.matmul(ctx.xp, x.data, y.data, transpose_x, transpose_y, data, alpha)


register_operator("matmul", MatMulOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("matmul", "CPU", MatMulKernel, _dtype)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16):
    register_op_kernel("matmul", "GPU", MatMulKernel, _dtype)
