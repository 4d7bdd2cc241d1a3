"""Backward ops of the everyday forward ops: relu_grad, elementwise_add_grad,
matmul_v2_grad, reduce_mean_grad.

Slots are as Paddle's grad OpDescs write them (`X`, `Out@GRAD` -> `X@GRAD`); a gradient
output a program does not ask for (the gradient of a feed) is simply not computed. The
math lives beside the forward math in phi/kernels/funcs.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import activation as act_funcs
from phi.kernels.funcs import elementwise as ew_funcs
from phi.kernels.funcs import matmul as matmul_funcs
from phi.kernels.funcs import reduce as reduce_funcs

_FLOAT = (DataType.FLOAT32, DataType.FLOAT64)


class ReluGradOp(GradOp):
    LIKE = {"X@GRAD": "Out"}


class ReluGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out = ctx.input("Out")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        act_funcs.relu_grad(ctx.xp, out.data, out_grad.data, data)


class ElementwiseAddGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        y_grad = ctx.output("Y@GRAD")
        axis = ctx.attr("axis")
        dx = None if x_grad is None else x_grad.mutable_data(ctx.place, out_grad.dtype)
        dy = None if y_grad is None else y_grad.mutable_data(ctx.place, out_grad.dtype)
        ew_funcs.add_grad(ctx.xp, x.data, y.data, out_grad.data, axis, dx, dy)


class MatMulV2GradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "left operand")
        self.add_input("Y", "right operand")
        self.add_input("Out@GRAD", "gradient of Out")
        self.add_output("X@GRAD", "gradient of X", dispensable=True)
        self.add_output("Y@GRAD", "gradient of Y", dispensable=True)
        self.add_attr("trans_x", AttrType.BOOLEAN, False, "the forward's trans_x")
        self.add_attr("trans_y", AttrType.BOOLEAN, False, "the forward's trans_y")


class MatMulV2GradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        y_grad = ctx.output("Y@GRAD")
        trans_x = ctx.attr("trans_x")
        trans_y = ctx.attr("trans_y")
        dx = None if x_grad is None else x_grad.mutable_data(ctx.place, x.dtype)
        dy = None if y_grad is None else y_grad.mutable_data(ctx.place, y.dtype)
        matmul_funcs.matmul_grad(ctx.xp, x.data, y.data, out_grad.data, trans_x, trans_y,
                                 dx, dy)


class ReduceMeanGradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "the forward input (its dims)")
        self.add_input("Out@GRAD", "gradient of Out")
        self.add_output("X@GRAD", "gradient of X")
        self.add_attr("dim", AttrType.INTS, [0], "the forward's axes")
        self.add_attr("keep_dim", AttrType.BOOLEAN, False, "the forward's keep_dim")
        self.add_attr("reduce_all", AttrType.BOOLEAN, False, "the forward's reduce_all")


class ReduceMeanGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        dim = ctx.attr("dim")
        reduce_all = ctx.attr("reduce_all")
        axes = reduce_funcs.reduce_axes(len(x.dims), dim, reduce_all)
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        reduce_funcs.reduce_mean_grad(ctx.xp, x.data, out_grad.data, axes, data)


VERIFY_CASES = {
    "elementwise_add_grad": [
        {"name": "bias along axis 1", "inputs": {"X": (2, 3, 4), "Y": (3,),
                                                 "Out@GRAD": (2, 3, 4)},
         "attrs": {"axis": 1}},
    ],
    "matmul_v2_grad": [
        {"name": "batched by 2-D", "inputs": {"X": (2, 3, 4), "Y": (4, 5),
                                              "Out@GRAD": (2, 3, 5)}},
    ],
    "reduce_mean_grad": [
        {"name": "axis 1", "inputs": {"X": (3, 4), "Out@GRAD": (3,)}, "attrs": {"dim": [1]}},
    ],
}

register_operator("relu_grad", ReluGradOp)
register_operator("elementwise_add_grad", GradOp)
register_operator("matmul_v2_grad", GradOp, MatMulV2GradOpMaker)
register_operator("reduce_mean_grad", GradOp, ReduceMeanGradOpMaker)
for _dtype in _FLOAT:
    register_op_kernel("relu_grad", "CPU", ReluGradKernel, _dtype)
    register_op_kernel("relu_grad", "GPU", ReluGradKernel, _dtype)
    register_op_kernel("elementwise_add_grad", "CPU", ElementwiseAddGradKernel, _dtype)
    register_op_kernel("elementwise_add_grad", "GPU", ElementwiseAddGradKernel, _dtype)
    register_op_kernel("matmul_v2_grad", "CPU", MatMulV2GradKernel, _dtype)
    register_op_kernel("matmul_v2_grad", "GPU", MatMulV2GradKernel, _dtype)
    register_op_kernel("reduce_mean_grad", "CPU", ReduceMeanGradKernel, _dtype)
    register_op_kernel("reduce_mean_grad", "GPU", ReduceMeanGradKernel, _dtype)
