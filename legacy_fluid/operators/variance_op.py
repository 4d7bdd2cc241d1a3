"""variance: the population variance mean(|x - mean(x)|^2) over `axis` (every axis when
empty), keepdim keeping them as size 1. Math in phi.kernels.funcs.reduce."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import reduce as reduce_funcs


class VarianceOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("x", "input tensor")
        self.add_output("out", "the variances")
        self.add_attr("axis", AttrType.LONGS, [], "axes to reduce (empty: all)")
        self.add_attr("keepdim", AttrType.BOOLEAN, False, "keep reduced axes as size 1")


class VarianceOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("out", reduce_funcs.distinct_reduce_dims(
            "variance", ctx.get_input_dim("x"), ctx.attr("axis"), ctx.attr("keepdim"), False))
        ctx.set_output_dtype("out", ctx.get_input_dtype("x"))


class VarianceKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        out = ctx.output("out")
        axis = ctx.attr("axis")
        reduce_funcs.variance(ctx.xp, x.data, axis, out.mutable_data(ctx.place, x.dtype))


register_operator("variance", VarianceOp)
for _backend in ("CPU", "GPU"):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
        register_op_kernel("variance", _backend, VarianceKernel, _dtype)
