"""mul_grad: the backward of fluid's `mul` (X and Y flattened to matrices at
x_num_col_dims / y_num_col_dims): X@GRAD = Out@GRAD @ Y^T, Y@GRAD = X^T @ Out@GRAD on the
flattened matrices, reshaped back; a gradient the program does not ask for is skipped."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import matmul as matmul_funcs


class MulGradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "the forward's left operand")
        self.add_input("Y", "the forward's right operand")
        self.add_input("Out@GRAD", "gradient of Out")
        self.add_output("X@GRAD", "gradient of X", dispensable=True)
        self.add_output("Y@GRAD", "gradient of Y", dispensable=True)
        self.add_attr("x_num_col_dims", AttrType.INT, 1, "the forward's x_num_col_dims")
        self.add_attr("y_num_col_dims", AttrType.INT, 1, "the forward's y_num_col_dims")


class MulGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        y_grad = ctx.output("Y@GRAD")
        x_num_col_dims = ctx.attr("x_num_col_dims")
        y_num_col_dims = ctx.attr("y_num_col_dims")
        dx = None if x_grad is None else x_grad.mutable_data(ctx.place, x.dtype)
        dy = None if y_grad is None else y_grad.mutable_data(ctx.place, y.dtype)
        matmul_funcs.matmul_with_flatten_grad(ctx.xp, x.data, y.data, out_grad.data,
                                              x_num_col_dims, y_num_col_dims, dx, dy)


VERIFY_CASES = [
    {"name": "3-D x flattened at 2", "attrs": {"x_num_col_dims": 2},
     "inputs": {"X": (2, 3, 4), "Y": (4, 5), "Out@GRAD": (2, 3, 5)}},
]

register_operator("mul_grad", GradOp, MulGradOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    for _backend in ("CPU", "GPU"):
        register_op_kernel("mul_grad", _backend, MulGradKernel, _dtype)
