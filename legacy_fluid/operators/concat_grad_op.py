"""Grads of concat and stack (PHI concat_grad, stack_grad). Slots as Paddle's grad OpDescs:
concat_grad X (dims only), AxisTensor, Out@GRAD -> X@GRAD; stack_grad X (dims only),
Y@GRAD -> X@GRAD; one gradient per input, an input not asked for (no variable) skipped.
split's gradient is a concat op in Paddle's programs. Math: phi.kernels.funcs.concat_grad.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import concat_grad as concat_grad_funcs
from phi.kernels.funcs.cast import FLOAT8_TYPES

_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
          DataType.INT64, DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64,
          DataType.COMPLEX128)


class ConcatGradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "the forward inputs (their dims)", duplicable=True)
        self.add_input("AxisTensor", "the forward's 1-element axis tensor", dispensable=True)
        self.add_input("Out@GRAD", "gradient of Out")
        self.add_output("X@GRAD", "gradients of X", duplicable=True, dispensable=True)
        self.add_attr("axis", AttrType.INT, 0, "the forward's axis")


class StackGradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "the forward inputs (their dims)", duplicable=True)
        self.add_input("Y@GRAD", "gradient of Y")
        self.add_output("X@GRAD", "gradients of X", duplicable=True, dispensable=True)
        self.add_attr("axis", AttrType.INT, 0, "the forward's axis")


class MultiGradOp(GradOp):
    """X@GRAD[i] like X[i]."""

    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_outputs_dim("X@GRAD", ctx.get_inputs_dim("X"))
        ctx.set_outputs_dtype("X@GRAD", ctx.get_input_dtype("X"))


def _grads(ctx: ExecutionContext, dtype: DataType) -> list:
    return [None if t is None else t.mutable_data(ctx.place, dtype)
            for t in ctx.multi_output("X@GRAD")]


class ConcatGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        xs = ctx.multi_input("X")
        out_grad = ctx.input("Out@GRAD")
        axis_tensor = ctx.input("AxisTensor")
        axis = (int(axis_tensor.numpy().reshape(-1)[0]) if axis_tensor is not None
                else ctx.attr("axis"))
        concat_grad_funcs.concat_grad(ctx.xp, [tuple(x.dims) for x in xs], out_grad.data,
                                      axis, _grads(ctx, out_grad.dtype))


class StackGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out_grad = ctx.input("Y@GRAD")
        concat_grad_funcs.stack_grad(ctx.xp, out_grad.data, ctx.attr("axis"),
                                     _grads(ctx, out_grad.dtype))


VERIFY_CASES = {
    "concat_grad": [{"name": "axis 1", "inputs": {"X": [(2, 3), (2, 1)], "Out@GRAD": (2, 4)},
                     "attrs": {"axis": 1}, "outputs": {"X@GRAD": 2}}],
    "stack_grad": [{"name": "axis 0", "inputs": {"X": [(2, 3), (2, 3)], "Y@GRAD": (2, 2, 3)},
                    "outputs": {"X@GRAD": 2}}],
}

register_operator("concat_grad", MultiGradOp, ConcatGradOpMaker)
register_operator("stack_grad", MultiGradOp, StackGradOpMaker)
for _place in ("CPU", "GPU"):
    for _dtype in _TYPES:
        register_op_kernel("concat_grad", _place, ConcatGradKernel, _dtype)
        register_op_kernel("stack_grad", _place, StackGradKernel, _dtype)
# Paddle 3.3.1's CPU concat_grad adds float16, its stack_grad float16 and bfloat16
for _dtype in (DataType.FLOAT16, *FLOAT8_TYPES):
    register_op_kernel("concat_grad", "CPU", ConcatGradKernel, _dtype)
for _dtype in (DataType.FLOAT16, DataType.BFLOAT16):
    register_op_kernel("stack_grad", "CPU", StackGradKernel, _dtype)
