"""abs: Out = |X|; the modulus for complex X, whose result is real."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import unary_math

_CPU_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64,
              DataType.COMPLEX64, DataType.COMPLEX128)
_GPU_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.INT32, DataType.INT64,
              DataType.COMPLEX64, DataType.COMPLEX128)


class AbsOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input tensor")
        self.add_output("Out", "|X|, same shape as X")
        self.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)


class AbsOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", unary_math.abs_out_dtype(ctx.get_input_dtype("X")))
        ctx.share_lod("X", "Out")


class AbsKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, unary_math.abs_out_dtype(x.dtype))
        unary_math.abs(ctx.xp, x.data, data)


register_operator("abs", AbsOp, AbsOpMaker)
for _dtype in _CPU_TYPES:
    register_op_kernel("abs", "CPU", AbsKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("abs", "GPU", AbsKernel, _dtype)
