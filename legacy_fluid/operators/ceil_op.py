"""ceil: Out = X rounded toward +inf (integers unchanged)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import unary_math

_CPU_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.BFLOAT16,
              DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64)
_GPU_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.UINT8, DataType.INT8,
              DataType.INT16, DataType.INT32, DataType.INT64)


class CeilOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input tensor")
        self.add_output("Out", "ceil(X), same shape as X")
        self.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
        self.add_attr("use_cudnn", AttrType.BOOLEAN, False, "cuDNN kernel", extra=True)


class CeilOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        ctx.share_lod("X", "Out")


class CeilKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        unary_math.ceil(ctx.xp, x.data, data)


register_operator("ceil", CeilOp, CeilOpMaker)
for _dtype in _CPU_TYPES:
    register_op_kernel("ceil", "CPU", CeilKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("ceil", "GPU", CeilKernel, _dtype)
