"""nanmedian: median over `axis` (all when empty) ignoring NaN, the mean of the two middle
values (mode avg; integers truncate) or the lower one (min); MedianIndex (an extra output,
absent from programs saved with clip_extra) their indices. Math in
phi.kernels.funcs.statistics."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import statistics as stat_funcs


def _add_attrs(maker: OpProtoAndCheckerMaker) -> None:
    maker.add_attr("axis", AttrType.INTS, [], "axes to reduce; empty: all")
    maker.add_attr("keepdim", AttrType.BOOLEAN, True, "keep reduced axes as size 1")
    maker.add_attr("mode", AttrType.STRING, "avg", "avg or min (for an even count)")


class NanmedianOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input tensor")
        self.add_output("Out", "the medians of the values that are not NaN")
        self.add_output("MedianIndex", "int64 indices of the middle value(s)", extra=True)
        _add_attrs(self)


class NanmedianOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        dims, index_dims = stat_funcs.median_dims(ctx.get_input_dim("X"), ctx.attr("axis"),
                                                  ctx.attr("keepdim"), ctx.attr("mode"),
                                                  "nanmedian")
        ctx.set_output_dim("Out", dims)
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        if ctx.has_output("MedianIndex"):  # absent from programs saved with clip_extra
            ctx.set_output_dim("MedianIndex", index_dims)
            ctx.set_output_dtype("MedianIndex", DataType.INT64)


class NanmedianKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        median_index = ctx.output("MedianIndex")
        axis = ctx.attr("axis")
        keepdim = ctx.attr("keepdim")
        mode = ctx.attr("mode")
        dims, index_dims = stat_funcs.median_dims(x.dims, axis, keepdim, mode, "nanmedian")
        out.resize(dims)
        data = out.mutable_data(ctx.place, x.dtype)
        index = None
        if median_index is not None:
            median_index.resize(index_dims)
            index = median_index.mutable_data(ctx.place, DataType.INT64)
        stat_funcs.nanmedian(ctx.xp, x.data, axis, mode, data, index)


class NanmedianGradOp(GradOp):
    """X@GRAD: X's meta."""


class NanmedianGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        stat_funcs.nanmedian_grad(
            ctx.xp, x.data, ctx.input("MedianIndex").data, ctx.input("Out@GRAD").data,
            ctx.attr("axis"), ctx.attr("mode"),
            ctx.output("X@GRAD").mutable_data(ctx.place, x.dtype))


register_operator("nanmedian", NanmedianOp, NanmedianOpMaker)
register_operator("nanmedian_grad", NanmedianGradOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64):
    register_op_kernel("nanmedian", "CPU", NanmedianKernel, _dtype)
    register_op_kernel("nanmedian", "GPU", NanmedianKernel, _dtype)
    register_op_kernel("nanmedian_grad", "CPU", NanmedianGradKernel, _dtype)
    register_op_kernel("nanmedian_grad", "GPU", NanmedianGradKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = {"nanmedian_grad": [
    {"name": "avg over axis 1", "attrs": {"axis": [1]},
     "inputs": {"X": (3, 4), "Out@GRAD": (3, 1),
                "MedianIndex": {"value": [[[1, 2]], [[0, 0]], [[-1, -1]]], "dtype": "int64"}},
     "outputs": {"X@GRAD": 1}},
    {"name": "min over axis 0", "attrs": {"axis": [0], "mode": "min", "keepdim": False},
     "inputs": {"X": (3, 4), "Out@GRAD": (4,),
                "MedianIndex": {"value": [2, 0, -1, 1], "dtype": "int64"}},
     "outputs": {"X@GRAD": 1}},
]}
