"""Backward ops of the indexing family (plain ops: their protos are phi/backward.yaml's):

- index_select_grad, gather_nd_grad, take_along_axis_grad, index_sample_grad: the output
  gradient added back where the forward read (repeated ids add up); X / Input give dims;
- put_along_axis_grad: Input, Index, Value, Result, Result@GRAD -> Input@GRAD and
  Value@GRAD (Index's dims), per `Reduce` as Paddle 3.3.1's CPU kernel gives them;
- scatter_grad: Ids, Updates (dims), Out@GRAD -> X@GRAD (zero at the rows scattered to)
  and Updates@GRAD (Out@GRAD's rows at Ids, repeats included, whatever `overwrite`);
- masked_select_grad: Y@GRAD put back where Mask holds, summed over X's broadcast dims;
- masked_fill_grad (lower-case slots, as Paddle 3.3.1's generated op): x@GRAD where mask
  does not hold, value@GRAD the sum where it does.

Math in phi.kernels.funcs.indexing_grad.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.operators.indexing_op import ids_spec
from phi.kernels.funcs import indexing_grad as grad_funcs


class ScatterGradOp(GradOp):
    """X@GRAD like Out@GRAD (the forward's X is not an input), Updates@GRAD like Updates."""

    LIKE = {"X@GRAD": "Out@GRAD"}


class PutAlongAxisGradOp(GradOp):
    """Input@GRAD like Input; Value@GRAD: Index's dims (what Paddle's kernel writes),
    Result@GRAD's dtype."""

    def infer_shape(self, ctx: InferShapeContext) -> None:
        if ctx.has_output("Input@GRAD"):
            ctx.set_output_dim("Input@GRAD", ctx.get_input_dim("Input"))
            ctx.set_output_dtype("Input@GRAD", ctx.get_input_dtype("Result@GRAD"))
        if ctx.has_output("Value@GRAD"):
            ctx.set_output_dim("Value@GRAD", ctx.get_input_dim("Index"))
            ctx.set_output_dtype("Value@GRAD", ctx.get_input_dtype("Result@GRAD"))


class IndexSelectGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        index = ctx.input("Index")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        dim = ctx.attr("dim")
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        grad_funcs.index_select_grad(ctx.xp, index.data, out_grad.data, dim, data)


class GatherNdGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        index = ctx.input("Index")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        grad_funcs.gather_nd_grad(ctx.xp, index.data, out_grad.data, data)


class ScatterGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        ids = ctx.input("Ids")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        updates_grad = ctx.output("Updates@GRAD")
        grad_funcs.scatter_grad(
            ctx.xp, ids.data, out_grad.data,
            None if x_grad is None else x_grad.mutable_data(ctx.place, out_grad.dtype),
            None if updates_grad is None else updates_grad.mutable_data(ctx.place,
                                                                        out_grad.dtype))


class TakeAlongAxisGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        index = ctx.input("Index")
        result_grad = ctx.input("Result@GRAD")
        input_grad = ctx.output("Input@GRAD")
        axis = ctx.attr("Axis")
        data = input_grad.mutable_data(ctx.place, result_grad.dtype)
        grad_funcs.take_along_axis_grad(ctx.xp, index.data, result_grad.data, axis, data)


class PutAlongAxisGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        input = ctx.input("Input")
        index = ctx.input("Index")
        value = ctx.input("Value")
        result = ctx.input("Result")
        result_grad = ctx.input("Result@GRAD")
        input_grad = ctx.output("Input@GRAD")
        value_grad = ctx.output("Value@GRAD")
        axis = ctx.attr("Axis")
        reduce = ctx.attr("Reduce")
        include_self = ctx.attr("Include_self")
        grad_funcs.put_along_axis_grad(
            ctx.xp, input.data, index.data, value.data, result.data, result_grad.data, axis,
            reduce, include_self,
            None if input_grad is None else input_grad.mutable_data(ctx.place,
                                                                    result_grad.dtype),
            None if value_grad is None else value_grad.mutable_data(ctx.place,
                                                                    result_grad.dtype))


class IndexSampleGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        index = ctx.input("Index")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        grad_funcs.index_sample_grad(ctx.xp, index.data, out_grad.data, data)


class MaskedSelectGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        mask = ctx.input("Mask")
        y_grad = ctx.input("Y@GRAD")
        x_grad = ctx.output("X@GRAD")
        data = x_grad.mutable_data(ctx.place, y_grad.dtype)
        grad_funcs.masked_select_grad(ctx.xp, mask.data, y_grad.data, data)


class MaskedFillGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        mask = ctx.input("mask")
        out_grad = ctx.input("out@GRAD")
        x_grad = ctx.output("x@GRAD")
        value_grad = ctx.output("value@GRAD")
        grad_funcs.masked_fill_grad(
            ctx.xp, mask.data, out_grad.data,
            None if x_grad is None else x_grad.mutable_data(ctx.place, out_grad.dtype),
            None if value_grad is None else value_grad.mutable_data(ctx.place, out_grad.dtype))


_MASK = {"value": [[True, False, True, False], [False, False, True, True]], "dtype": "bool"}

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = {
    "index_select_grad": [{"name": "dim 1", "attrs": {"dim": 1}, "inputs": {
        "X": (3, 4), "Index": ids_spec([3, 0, 3]), "Out@GRAD": (3, 3)}}],
    "gather_nd_grad": [{"name": "pairs", "inputs": {
        "X": (3, 4, 2), "Index": ids_spec([[0, 1], [2, -1], [0, 1]]), "Out@GRAD": (3, 2)}}],
    "scatter_grad": [{"name": "repeated ids", "inputs": {
        "Ids": ids_spec([2, 0, 2]), "Updates": (3, 4), "Out@GRAD": (3, 4)}}],
    "take_along_axis_grad": [{"name": "axis 1", "attrs": {"Axis": 1}, "inputs": {
        "Input": (3, 4), "Index": ids_spec([[0, 3], [1, 1], [2, 0]]), "Result@GRAD": (3, 2)}}],
    "put_along_axis_grad": [{"name": "amax axis 1", "attrs": {"Axis": 1, "Reduce": "amax"},
                             "inputs": {"Input": (3, 4), "Value": (3, 2), "Result": (3, 4),
                                        "Index": ids_spec([[0, 0], [1, 3], [2, 2]]),
                                        "Result@GRAD": (3, 4)}}],
    "index_sample_grad": [{"name": "rows", "inputs": {
        "X": (3, 4), "Index": ids_spec([[0, 3], [1, 1], [2, 0]]), "Out@GRAD": (3, 2)}}],
    "masked_select_grad": [{"name": "half", "inputs": {
        "X": (2, 4), "Mask": _MASK, "Y@GRAD": (4,)}}],
    "masked_fill_grad": [{"name": "half", "inputs": {
        "x": (2, 4), "mask": _MASK, "value": (1,), "out@GRAD": (2, 4)}}],
}

for _dtype in grad_funcs.INDEX_SELECT_GRAD_TYPES:
    register_op_kernel("index_select_grad", "CPU", IndexSelectGradKernel, _dtype)
for _dtype in grad_funcs.INDEX_SELECT_GRAD_GPU_TYPES:
    register_op_kernel("index_select_grad", "GPU", IndexSelectGradKernel, _dtype)
for _dtype in grad_funcs.GATHER_ND_GRAD_TYPES:
    register_op_kernel("gather_nd_grad", "CPU", GatherNdGradKernel, _dtype)
    register_op_kernel("gather_nd_grad", "GPU", GatherNdGradKernel, _dtype)
for _dtype in grad_funcs.SCATTER_GRAD_TYPES:
    register_op_kernel("scatter_grad", "CPU", ScatterGradKernel, _dtype)
    register_op_kernel("scatter_grad", "GPU", ScatterGradKernel, _dtype)
for _dtype in grad_funcs.TAKE_ALONG_AXIS_GRAD_TYPES:
    register_op_kernel("take_along_axis_grad", "CPU", TakeAlongAxisGradKernel, _dtype)
    register_op_kernel("take_along_axis_grad", "GPU", TakeAlongAxisGradKernel, _dtype)
for _dtype in grad_funcs.PUT_ALONG_AXIS_GRAD_TYPES:
    register_op_kernel("put_along_axis_grad", "CPU", PutAlongAxisGradKernel, _dtype)
    register_op_kernel("put_along_axis_grad", "GPU", PutAlongAxisGradKernel, _dtype)
for _dtype in grad_funcs.INDEX_SAMPLE_GRAD_TYPES:
    register_op_kernel("index_sample_grad", "CPU", IndexSampleGradKernel, _dtype)
    register_op_kernel("index_sample_grad", "GPU", IndexSampleGradKernel, _dtype)
for _dtype in grad_funcs.MASKED_GRAD_TYPES:
    register_op_kernel("masked_select_grad", "CPU", MaskedSelectGradKernel, _dtype)
    register_op_kernel("masked_fill_grad", "CPU", MaskedFillGradKernel, _dtype)
for _dtype in grad_funcs.MASKED_GRAD_GPU_TYPES:
    register_op_kernel("masked_select_grad", "GPU", MaskedSelectGradKernel, _dtype)
    register_op_kernel("masked_fill_grad", "GPU", MaskedFillGradKernel, _dtype)

register_operator("index_select_grad", GradOp)
register_operator("gather_nd_grad", GradOp)
register_operator("scatter_grad", ScatterGradOp)
register_operator("take_along_axis_grad", GradOp)
register_operator("put_along_axis_grad", PutAlongAxisGradOp)
register_operator("index_sample_grad", GradOp)
register_operator("masked_select_grad", GradOp)
register_operator("masked_fill_grad", GradOp)
