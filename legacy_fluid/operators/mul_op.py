"""mul: Out = flatten(X) @ flatten(Y), X flattened to a matrix at x_num_col_dims, Y at
y_num_col_dims; Out dims = X.dims[:x_num_col_dims] + Y.dims[y_num_col_dims:]."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.kernel_templates import XYKernel
from phi.common import DataType
from phi.kernels.funcs import matmul as matmul_funcs


class MulOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


VERIFY_CASES = [
    {"name": "2-D", "inputs": {"X": (3, 4), "Y": (4, 5)}},
    {"name": "flatten 3-D x at 2", "inputs": {"X": (2, 3, 4), "Y": (4, 5)},
     "attrs": {"x_num_col_dims": 2}},
]

register_operator("mul", MulOp)
register_op_table(XYKernel, [
    OpKernelRow("mul", "MulKernel", matmul_funcs.matmul_with_flatten,
                (DataType.FLOAT32, DataType.FLOAT64),
                (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.BFLOAT16),
                attrs=("x_num_col_dims", "y_num_col_dims")),
])
