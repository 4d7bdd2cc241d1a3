"""Flattening ops: flatten_contiguous_range (merge axes start..stop), flatten2 and the v1
flatten (reshape to 2-D at `axis`). XShape outputs carry x's dims only ([0, *dims]).

Outputs are copies, never views sharing the input's storage.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import flatten as flatten_funcs


def _add_onednn_extras(maker: OpProtoAndCheckerMaker) -> None:
    maker.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
    maker.add_attr("use_onednn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
    maker.add_attr("mkldnn_data_type", AttrType.STRING, "float32", "oneDNN data type",
                   extra=True)
    maker.add_attr("onednn_data_type", AttrType.STRING, "", "oneDNN data type", extra=True)


class FlattenContiguousRangeOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input tensor")
        self.add_output("Out", "X with axes start_axis..stop_axis merged")
        self.add_output("XShape", "meta only: [0, *X.dims]", extra=True)
        self.add_attr("start_axis", AttrType.INT, 1, "first axis merged (negative: from end)")
        self.add_attr("stop_axis", AttrType.INT, 1, "last axis merged, inclusive")
        _add_onednn_extras(self)


class Flatten2OpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input tensor")
        self.add_output("Out", "2-D: [prod(dims[:axis]), prod(dims[axis:])]")
        self.add_output("XShape", "meta only: [0, *X.dims]")
        self.add_attr("axis", AttrType.INT, 1, "split point, in [0, rank]")
        _add_onednn_extras(self)


class FlattenOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input tensor")
        self.add_output("Out", "2-D: [prod(dims[:axis]), prod(dims[axis:])]")
        self.add_attr("axis", AttrType.INT, 1, "split point, in [0, rank]")
        _add_onednn_extras(self)


class FlattenContiguousRangeOp(OperatorWithKernel):
    """Out: X's elements in `out_dims`, X's dtype (lod shared when dim 0 is kept); XShape."""

    def out_dims(self, ctx: InferShapeContext, x_dims: tuple[int, ...]) -> tuple[int, ...]:
        return flatten_funcs.flatten_range_dims(x_dims, ctx.attr("start_axis"),
                                                ctx.attr("stop_axis"))

    def infer_shape(self, ctx: InferShapeContext) -> None:
        x_dims = ctx.get_input_dim("X")
        dims = self.out_dims(ctx, x_dims)
        ctx.set_output_dim("Out", dims)
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        if x_dims and x_dims[0] == dims[0]:
            ctx.share_lod("X", "Out")
        if ctx.has_output("XShape"):
            ctx.set_output_dim("XShape", flatten_funcs.xshape_dims(x_dims))
            ctx.set_output_dtype("XShape", ctx.get_input_dtype("X"))
            ctx.share_lod("X", "XShape")

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class FlattenToTwoDimsOp(FlattenContiguousRangeOp):
    """flatten2 and flatten (v1)."""

    def out_dims(self, ctx: InferShapeContext, x_dims: tuple[int, ...]) -> tuple[int, ...]:
        return flatten_funcs.flatten_to_2d_dims(x_dims, ctx.attr("axis"))


class Flatten2Kernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        xd = x.data
        data = out.mutable_data(ctx.place, x.dtype)
        flatten_funcs.copy_reshaped(ctx.xp, xd, data)
        # XShape keeps the dims infer_shape gave it, [0, *X.dims], and no buffer (as Paddle's)


class FlattenContiguousRangeKernel(Flatten2Kernel):
    pass  # the same copy (Out's dims come from infer_shape), XShape included


class FlattenKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        xd = x.data
        data = out.mutable_data(ctx.place, x.dtype)
        flatten_funcs.copy_reshaped(ctx.xp, xd, data)


register_operator("flatten_contiguous_range", FlattenContiguousRangeOp,
                  FlattenContiguousRangeOpMaker)
register_operator("flatten2", FlattenToTwoDimsOp, Flatten2OpMaker)
register_operator("flatten", FlattenToTwoDimsOp, FlattenOpMaker)
_INTS_AND_BOOL = (DataType.BOOL, DataType.INT8, DataType.UINT8, DataType.INT16, DataType.INT32,
                  DataType.INT64)
for _op, _kernel, _cpu_extra in (
        ("flatten_contiguous_range", FlattenContiguousRangeKernel, (DataType.BFLOAT16,)),
        ("flatten2", Flatten2Kernel, ()), ("flatten", FlattenKernel, ())):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64, *_cpu_extra, *_INTS_AND_BOOL):
        register_op_kernel(_op, "CPU", _kernel, _dtype)
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, *_INTS_AND_BOOL):
        register_op_kernel(_op, "GPU", _kernel, _dtype)
