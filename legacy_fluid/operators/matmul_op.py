"""matmul (v1, Paddle 1.x/2.x): Out = alpha * (op(X) @ op(Y)).

transpose_X/transpose_Y transpose the last two dims; products follow matmul_v2's
rules (vectors, broadcast batch dims). head_number only mattered to MKLML builds
and is ignored.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import matmul as matmul_funcs


class MatMulOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "left operand")
        self.add_input("Y", "right operand")
        self.add_output("Out", "the scaled product")
        self.add_attr("transpose_X", AttrType.BOOLEAN, False, "transpose X before multiplying")
        self.add_attr("transpose_Y", AttrType.BOOLEAN, False, "transpose Y before multiplying")
        self.add_attr("alpha", AttrType.FLOAT, 1.0, "scale of the product")
        self.add_attr("head_number", AttrType.INT, 1, "multi-head split (MKLML builds only)")
        self.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
        self.add_attr("use_quantizer", AttrType.BOOLEAN, False, "deprecated int8 switch",
                      extra=True)
        self.add_attr("mkldnn_data_type", AttrType.STRING, "float32", "oneDNN data type",
                      extra=True)
        self.add_attr("Scale_x", AttrType.FLOAT, 1.0, "int8 scale of X", extra=True)
        self.add_attr("Scale_y", AttrType.FLOAT, 1.0, "int8 scale of Y", extra=True)
        self.add_attr("Scale_out", AttrType.FLOAT, 1.0, "int8 scale of Out", extra=True)
        self.add_attr("force_fp32_output", AttrType.BOOLEAN, False, "oneDNN int8 output",
                      extra=True)
        self.add_attr("fused_reshape_X", AttrType.INTS, [], "oneDNN fusion", extra=True)
        self.add_attr("fused_reshape_Y", AttrType.INTS, [], "oneDNN fusion", extra=True)
        self.add_attr("fused_reshape_Out", AttrType.INTS, [], "oneDNN fusion", extra=True)
        self.add_attr("fused_transpose_X", AttrType.INTS, [], "oneDNN fusion", extra=True)
        self.add_attr("fused_transpose_Y", AttrType.INTS, [], "oneDNN fusion", extra=True)
        self.add_attr("fused_transpose_Out", AttrType.INTS, [], "oneDNN fusion", extra=True)


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


register_operator("matmul", MatMulOp, MatMulOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("matmul", "CPU", MatMulKernel, _dtype)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16):
    register_op_kernel("matmul", "GPU", MatMulKernel, _dtype)
