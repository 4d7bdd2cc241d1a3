"""stack: join equally-shaped X tensors along a new axis; the output slot is Y."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import concat_split as cs_funcs


class StackOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class StackKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        xs = ctx.multi_input("X")
        y = ctx.output("Y")
        axis = ctx.attr("axis")
        data = y.mutable_data(ctx.place, xs[0].dtype)
        cs_funcs.stack(ctx.xp, [x.data for x in xs], axis, data)


_CPU_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16,
              DataType.BFLOAT16, DataType.COMPLEX64, DataType.COMPLEX128)
_GPU_TYPES = tuple(t for t in _CPU_TYPES if t is not DataType.BFLOAT16)

register_operator("stack", StackOp)
for _dtype in _CPU_TYPES:
    register_op_kernel("stack", "CPU", StackKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("stack", "GPU", StackKernel, _dtype)
