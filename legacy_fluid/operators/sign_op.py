"""sign: Out = -1, 0 or 1 by the sign of X; NaN stays NaN."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import activation as act_funcs

_CPU_TYPES = (DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64, DataType.UINT8,
              DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.BFLOAT16)
_GPU_TYPES = _CPU_TYPES


class SignOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input tensor")
        self.add_output("Out", "result, same dims and dtype as X")


class SignOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        ctx.share_lod("X", "Out")


class SignKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        act_funcs.sign(ctx.xp, x.data, data)


register_operator("sign", SignOp, SignOpMaker)
for _dtype in _CPU_TYPES:
    register_op_kernel("sign", "CPU", SignKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("sign", "GPU", SignKernel, _dtype)
