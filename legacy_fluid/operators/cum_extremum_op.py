"""cummax and cummin along `axis`: the running max (min) and its index (`dtype`: int32 or
int64); ties keep the latest index, a NaN takes over until the next NaN. Math in
phi.kernels.funcs.statistics."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import VarType
from phi.common import DataType
from phi.kernels.funcs import statistics as stat_funcs


class CumExtremumOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        dims = ctx.get_input_dim("x")
        stat_funcs.cum_axis(self.type, len(dims), ctx.attr("axis"))
        ctx.set_output_dim("out", dims)
        ctx.set_output_dtype("out", ctx.get_input_dtype("x"))
        ctx.set_output_dim("indices", dims)
        ctx.set_output_dtype("indices", VarType(ctx.attr("dtype")).to_phi())


class CummaxKernel(OpKernel):
    LARGEST = True

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        out = ctx.output("out")
        indices = ctx.output("indices")
        axis = ctx.attr("axis")
        dtype = VarType(ctx.attr("dtype")).to_phi()
        data = out.mutable_data(ctx.place, x.dtype)
        index = indices.mutable_data(ctx.place, dtype)
        stat_funcs.cum_extremum(ctx.xp, x.data, axis, self.LARGEST, data, index)


class CumminKernel(CummaxKernel):
    LARGEST = False


register_operator("cummax", CumExtremumOp)
register_operator("cummin", CumExtremumOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64):
    for _backend in ("CPU", "GPU"):
        register_op_kernel("cummax", _backend, CummaxKernel, _dtype)
        register_op_kernel("cummin", _backend, CumminKernel, _dtype)

VERIFY_CASES = [{"name": "axis 0", "inputs": {"x": (3, 4)}, "attrs": {"axis": 0}}]
