"""Grads of median, std, var and nansum (PHI median_grad, std_grad, var_grad, nansum_grad),
slots and attributes as Paddle 3.3.1's grad OpDescs (lower-case slots):

- median_grad: x, medians, out (unread), out@GRAD and the forward's AxisTensor /
  AxisTensorList (they override `axis`, as in the forward) -> x@GRAD;
- std_grad: x, out, out@GRAD; var_grad: x, out@GRAD; attributes the forward's;
- nansum_grad: x, out@GRAD and the axis tensors -> x@GRAD (in x's type); the forward's
  `dtype` rides along unread, `reduce_all` is the grad's own;
- cummax_grad / cummin_grad: x, indices, out@GRAD -> x@GRAD; `axis`, `dtype` (the
  indices' type);
- reduce_as_grad: x (its dims), target (unread), out@GRAD -> x@GRAD;
- segment_pool_grad: X, SegmentIds, Out, SummedIds, Out@GRAD -> X@GRAD; `pooltype`.

Math: phi.kernels.funcs.statistics_grad.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.operators.nansum_op import _CPU_TYPES as _NANSUM_CPU_FORWARD
from legacy_fluid.operators.reduce_as_op import _CPU_TYPES as _REDUCE_AS_CPU
from legacy_fluid.operators.reduce_as_op import _GPU_TYPES as _REDUCE_AS_GPU
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import statistics_grad as stat_grad_funcs

_MEDIAN = (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64)
_MOMENT = (DataType.FLOAT32, DataType.FLOAT64)
#: Paddle registers nansum_grad for fewer types than nansum (no uint8 / int8)
_NANSUM_CPU = tuple(t for t in _NANSUM_CPU_FORWARD if t not in (DataType.UINT8, DataType.INT8))
_NANSUM_GPU = tuple(t for t in _NANSUM_CPU if t is not DataType.BFLOAT16)
_SEGMENT = (DataType.FLOAT16, DataType.FLOAT32, DataType.FLOAT64, DataType.INT32,
            DataType.INT64)


def _axis_tensors(maker: OpProtoAndCheckerMaker) -> None:
    maker.add_input("AxisTensor", "the forward's 1-D axis tensor", dispensable=True)
    maker.add_input("AxisTensorList", "the forward's 1-element axis tensors",
                    dispensable=True, duplicable=True)


class MedianGradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("x", "the forward input")
        self.add_input("medians", "the forward's median indices")
        self.add_input("out", "the forward's median (unread)", extra=True)
        self.add_input("out@GRAD", "gradient of out")
        _axis_tensors(self)
        self.add_output("x@GRAD", "gradient of x")
        self.add_attr("axis", AttrType.LONGS, [], "the forward's axes")
        self.add_attr("keepdim", AttrType.BOOLEAN, True, "the forward's keepdim")
        self.add_attr("mode", AttrType.STRING, "avg", "the forward's mode")


class NansumGradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("x", "the forward input")
        self.add_input("out@GRAD", "gradient of out")
        _axis_tensors(self)
        self.add_output("x@GRAD", "gradient of x")
        self.add_attr("axis", AttrType.LONGS, [], "the forward's axes")
        self.add_attr("dtype", AttrType.INT, -1, "the forward's output dtype (unread)",
                      extra=True)
        self.add_attr("keepdim", AttrType.BOOLEAN, False, "the forward's keepdim")
        self.add_attr("reduce_all", AttrType.BOOLEAN, False, "reduce over every axis")


class IndicesGradOp(GradOp):
    """Index inputs (the axis tensors, medians, indices, segment ids) and reduce_as's
    target (its dims) are read as they are, never cast."""

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot in ("AxisTensor", "AxisTensorList", "medians", "indices", "target",
                    "SegmentIds"):
            return None
        return super().get_kernel_type_for_var(slot, tensor, expected)


class MedianGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        medians = ctx.input("medians")
        out_grad = ctx.input("out@GRAD")
        x_grad = ctx.output("x@GRAD")
        mode = ctx.attr("mode")
        axis = ctx.attr("axis")
        if ctx.has_input("AxisTensor"):
            axis = [int(v) for v in ctx.input("AxisTensor").numpy().reshape(-1)]
        elif ctx.has_input("AxisTensorList"):
            axis = [int(t.numpy().reshape(-1)[0]) for t in ctx.multi_input("AxisTensorList")]
        data = x_grad.mutable_data(ctx.place, x.dtype)
        stat_grad_funcs.median_grad(ctx.xp, x.data, medians.data, out_grad.data, axis, mode,
                                    data)


class StdGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        out = ctx.input("out")
        out_grad = ctx.input("out@GRAD")
        x_grad = ctx.output("x@GRAD")
        axis = ctx.attr("axis")
        correction = ctx.attr("correction")
        data = x_grad.mutable_data(ctx.place, x.dtype)
        stat_grad_funcs.std_grad(ctx.xp, x.data, out.data, out_grad.data, axis, correction,
                                 data)


class VarGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        out_grad = ctx.input("out@GRAD")
        x_grad = ctx.output("x@GRAD")
        axis = ctx.attr("axis")
        correction = ctx.attr("correction")
        data = x_grad.mutable_data(ctx.place, x.dtype)
        stat_grad_funcs.var_grad(ctx.xp, x.data, out_grad.data, axis, correction, data)


class NansumGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        out_grad = ctx.input("out@GRAD")
        x_grad = ctx.output("x@GRAD")
        reduce_all = ctx.attr("reduce_all")
        axis = ctx.attr("axis")
        if ctx.has_input("AxisTensor"):
            axis = [int(v) for v in ctx.input("AxisTensor").numpy().reshape(-1)]
        elif ctx.has_input("AxisTensorList"):
            axis = [int(t.numpy().reshape(-1)[0]) for t in ctx.multi_input("AxisTensorList")]
        data = x_grad.mutable_data(ctx.place, x.dtype)
        stat_grad_funcs.nansum_grad(ctx.xp, x.data, out_grad.data, axis, reduce_all, data)


class CumExtremumGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        indices = ctx.input("indices")
        out_grad = ctx.input("out@GRAD")
        x_grad = ctx.output("x@GRAD")
        axis = ctx.attr("axis")
        data = x_grad.mutable_data(ctx.place, x.dtype)
        stat_grad_funcs.cum_extremum_grad(ctx.xp, indices.data, out_grad.data, axis, data)


class ReduceAsGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        out_grad = ctx.input("out@GRAD")
        x_grad = ctx.output("x@GRAD")
        data = x_grad.mutable_data(ctx.place, x.dtype)
        stat_grad_funcs.reduce_as_grad(ctx.xp, x.dims, out_grad.data, data)


class SegmentPoolGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        segment_ids = ctx.input("SegmentIds")
        out = ctx.input("Out")
        summed_ids = ctx.input("SummedIds")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        pooltype = ctx.attr("pooltype")
        data = x_grad.mutable_data(ctx.place, x.dtype)
        stat_grad_funcs.segment_pool_grad(ctx.xp, x.data, segment_ids.data, out.data,
                                          summed_ids.data, out_grad.data, pooltype, data)


VERIFY_CASES = {
    "median_grad": [{"name": "avg axis 1", "attrs": {"axis": [1]},
                     "inputs": {"x": (3, 4), "out": (3, 1), "out@GRAD": (3, 1),
                                "medians": {"value": [[[1, 2]], [[0, 3]], [[2, 2]]],
                                            "dtype": "int64"}}}],
    "std_grad": [{"name": "axis 1", "attrs": {"axis": [1]},
                  "inputs": {"x": (3, 4), "out": {"value": [1.0, 2.0, 0.5], "dtype": "float32"},
                             "out@GRAD": (3,)}}],
    "var_grad": [{"name": "axis 0 correction 0", "attrs": {"axis": [0], "correction": 0.0},
                  "inputs": {"x": (3, 4), "out@GRAD": (4,)}}],
    "nansum_grad": [{"name": "axis 1", "attrs": {"axis": [1]},
                     "inputs": {"x": (3, 4), "out@GRAD": (3,)}}],
    **{op: [{"name": "axis 1", "attrs": {"axis": 1},
             "inputs": {"x": (2, 3), "out@GRAD": (2, 3),
                        "indices": {"value": [[0, 0, 2], [0, 1, 1]], "dtype": "int64"}}}]
       for op in ("cummax_grad", "cummin_grad")},
    "reduce_as_grad": [{"name": "leading and middle axes",
                        "inputs": {"x": (2, 3, 4), "target": (3, 1), "out@GRAD": (3, 1)}}],
    "segment_pool_grad": [{"name": pooltype, "attrs": {"pooltype": pooltype}, "inputs": {
        "X": (4, 2), "SegmentIds": {"value": [0, 0, 1, 1], "dtype": "int64"},
        "Out": (2, 2), "SummedIds": {"value": [[2.0], [2.0]], "dtype": "float32"},
        "Out@GRAD": (2, 2)}} for pooltype in ("MEAN", "MAX")],
}

register_operator("median_grad", IndicesGradOp, MedianGradOpMaker)
register_operator("std_grad", GradOp)
register_operator("var_grad", GradOp)
register_operator("nansum_grad", IndicesGradOp, NansumGradOpMaker)
register_operator("cummax_grad", IndicesGradOp)
register_operator("cummin_grad", IndicesGradOp)
register_operator("reduce_as_grad", IndicesGradOp)
register_operator("segment_pool_grad", IndicesGradOp)
for _backend in ("CPU", "GPU"):
    for _dtype in _MEDIAN:
        register_op_kernel("median_grad", _backend, MedianGradKernel, _dtype)
        register_op_kernel("cummax_grad", _backend, CumExtremumGradKernel, _dtype)
        register_op_kernel("cummin_grad", _backend, CumExtremumGradKernel, _dtype)
    for _dtype in _MOMENT:
        register_op_kernel("std_grad", _backend, StdGradKernel, _dtype)
        register_op_kernel("var_grad", _backend, VarGradKernel, _dtype)
for _dtype in _REDUCE_AS_CPU:
    register_op_kernel("reduce_as_grad", "CPU", ReduceAsGradKernel, _dtype)
for _dtype in _REDUCE_AS_GPU:
    register_op_kernel("reduce_as_grad", "GPU", ReduceAsGradKernel, _dtype)
for _dtype in _SEGMENT:
    register_op_kernel("segment_pool_grad", "CPU", SegmentPoolGradKernel, _dtype)
    register_op_kernel("segment_pool_grad", "GPU", SegmentPoolGradKernel, _dtype)
for _dtype in _NANSUM_CPU:
    register_op_kernel("nansum_grad", "CPU", NansumGradKernel, _dtype)
for _dtype in _NANSUM_GPU:
    register_op_kernel("nansum_grad", "GPU", NansumGradKernel, _dtype)
