"""relu: Out = max(X, 0); NaN gives 0."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import activation as act_funcs

_CPU_TYPES = (DataType.FLOAT32, DataType.FLOAT64)
_GPU_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.BFLOAT16)


class ReluOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input tensor")
        self.add_output("Out", "result, same dims and dtype as X")
        self.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
        self.add_attr("use_cudnn", AttrType.BOOLEAN, False, "cuDNN kernel", extra=True)
        self.add_attr("mkldnn_data_type", AttrType.STRING, "float32", "oneDNN data type",
                      extra=True)


class ReluOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        ctx.share_lod("X", "Out")


class ReluKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        act_funcs.relu(ctx.xp, x.data, data)


register_operator("relu", ReluOp, ReluOpMaker)
for _dtype in _CPU_TYPES:
    register_op_kernel("relu", "CPU", ReluKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("relu", "GPU", ReluKernel, _dtype)
