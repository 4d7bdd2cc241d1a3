"""squeeze / squeeze2: drop size-1 dims (all, or the listed ones); squeeze2 declares XShape."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import squeeze as sq_funcs
from phi.kernels.funcs import transpose as tr_funcs


class SqueezeOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input tensor")
        self.add_output("Out", "X without the squeezed dims")
        self.add_attr("axes", AttrType.INTS, [],
                      "dims to drop when of size 1; empty: every size-1 dim")
        self.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
        self.add_attr("mkldnn_data_type", AttrType.STRING, "float32", "oneDNN data type",
                      extra=True)


class Squeeze2OpMaker(SqueezeOpMaker):
    def make(self) -> None:
        super().make()
        self.add_output("XShape", "[0, *X.dims], kept for the gradient; holds no data",
                        extra=True)


class SqueezeOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        x_dims = ctx.get_input_dim("X")
        ctx.set_output_dim("Out", sq_funcs.squeeze_dims(x_dims, ctx.attr("axes")))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        ctx.share_lod("X", "Out")
        if ctx.has_output("XShape"):
            ctx.set_output_dim("XShape", tr_funcs.xshape_dims(x_dims))
            ctx.set_output_dtype("XShape", ctx.get_input_dtype("X"))


class SqueezeKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        sq_funcs.reshape_copy(x.data, data)


_CPU_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16,
              DataType.BFLOAT16, DataType.COMPLEX64, DataType.COMPLEX128)
_GPU_TYPES = tuple(t for t in _CPU_TYPES if t is not DataType.BFLOAT16)

register_operator("squeeze", SqueezeOp, SqueezeOpMaker)
register_operator("squeeze2", SqueezeOp, Squeeze2OpMaker)
for _op in ("squeeze", "squeeze2"):
    for _dtype in _CPU_TYPES:
        register_op_kernel(_op, "CPU", SqueezeKernel, _dtype)
    for _dtype in _GPU_TYPES:
        register_op_kernel(_op, "GPU", SqueezeKernel, _dtype)
