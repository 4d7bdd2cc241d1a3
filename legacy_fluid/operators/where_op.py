"""where: Out = X where Condition is true, else Y.

X and Y share a dtype (it picks the kernel); Condition is bool. Condition, X and Y must
have equal dims: Paddle 3.3.1's where op refuses others (no broadcasting), and so does
fluidphi, on both paths (phi.kernels.funcs.compare.where_dims).
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import compare as compare_funcs

_CPU_TYPES = (DataType.BOOL, DataType.INT32, DataType.INT64, DataType.FLOAT32,
              DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)
_GPU_TYPES = (DataType.BOOL, DataType.INT32, DataType.INT64, DataType.FLOAT16,
              DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)


class WhereOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        """X's dtype (Condition, first in the proto, is bool)."""
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class WhereKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        condition = ctx.input("Condition")
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        compare_funcs.where(ctx.xp, condition.data, x.data, y.data, data)


register_operator("where", WhereOp)
for _dtype in _CPU_TYPES:
    register_op_kernel("where", "CPU", WhereKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("where", "GPU", WhereKernel, _dtype)
