"""std and var over `axis` (all axes when empty): sum((x - mean)^2) / (N - correction), std
its square root; `unbiased` is carried but unused, as by Paddle's kernels. Math in
phi.kernels.funcs.statistics."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import statistics as stat_funcs


class VarianceOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("x", "input tensor")
        self.add_output("out", "the variance (std: its square root)")
        self.add_attr("axis", AttrType.LONGS, [], "axes to reduce; empty: all")
        self.add_attr("keepdim", AttrType.BOOLEAN, False, "keep reduced axes as size 1")
        self.add_attr("unbiased", AttrType.BOOLEAN, True, "(unused by the kernels)")
        self.add_attr("correction", AttrType.FLOAT64, 1.0, "the divisor is N - correction")


class VarianceOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("out", stat_funcs.moment_dims(ctx.get_input_dim("x"),
                                                         ctx.attr("axis"), ctx.attr("keepdim")))
        ctx.set_output_dtype("out", ctx.get_input_dtype("x"))


class VarKernel(OpKernel):
    ROOT = False

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        out = ctx.output("out")
        axis = ctx.attr("axis")
        correction = ctx.attr("correction")
        data = out.mutable_data(ctx.place, x.dtype)
        stat_funcs.variance(ctx.xp, x.data, axis, correction, data, self.ROOT)


class StdKernel(VarKernel):
    ROOT = True


register_operator("var", VarianceOp)
register_operator("std", VarianceOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    for _backend in ("CPU", "GPU"):
        register_op_kernel("var", _backend, VarKernel, _dtype)
        register_op_kernel("std", _backend, StdKernel, _dtype)

VERIFY_CASES = [{"name": "axis 1 correction 0", "inputs": {"x": (3, 4)},
                 "attrs": {"axis": [1], "correction": 0.0}}]
