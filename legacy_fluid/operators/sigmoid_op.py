"""sigmoid: out = 1 / (1 + exp(-x))."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import activation as act_funcs


class SigmoidOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input tensor")
        self.add_output("Out", "activated tensor, same shape as X")
        self.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
        self.add_attr("use_onednn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
        self.add_attr("use_cudnn", AttrType.BOOLEAN, False, "cuDNN kernel", extra=True)
        self.add_attr("mkldnn_data_type", AttrType.STRING, "float32", "oneDNN data type",
                      extra=True)


class SigmoidOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        ctx.share_lod("X", "Out")


class SigmoidKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        xd = x.data
        data = out.mutable_data(ctx.place, x.dtype)
        act_funcs.sigmoid(ctx.xp, xd, data)


register_operator("sigmoid", SigmoidOp, SigmoidOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("sigmoid", "CPU", SigmoidKernel, _dtype)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16):
    register_op_kernel("sigmoid", "GPU", SigmoidKernel, _dtype)
