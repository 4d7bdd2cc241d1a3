"""mul: Out = flatten(X) @ flatten(Y), X flattened to a matrix at x_num_col_dims, Y at
y_num_col_dims; Out dims = X.dims[:x_num_col_dims] + Y.dims[y_num_col_dims:]."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import matmul as matmul_funcs


class MulOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class MulKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        x_num_col_dims = ctx.attr("x_num_col_dims")
        y_num_col_dims = ctx.attr("y_num_col_dims")
        data = out.mutable_data(ctx.place, x.dtype)
        matmul_funcs.matmul_with_flatten(ctx.xp, x.data, y.data, x_num_col_dims,
                                         y_num_col_dims, data)


VERIFY_CASES = [
    {"name": "2-D", "inputs": {"X": (3, 4), "Y": (4, 5)}},
    {"name": "flatten 3-D x at 2", "inputs": {"X": (2, 3, 4), "Y": (4, 5)},
     "attrs": {"x_num_col_dims": 2}},
]

register_operator("mul", MulOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("mul", "CPU", MulKernel, _dtype)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.BFLOAT16):
    register_op_kernel("mul", "GPU", MulKernel, _dtype)
