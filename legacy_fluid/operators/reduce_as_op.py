"""reduce_as: x summed down to target's dims (x's extra leading axes and the axes where
target has 1); sum's output types (bool and int32 into int64). Math in
phi.kernels.funcs.statistics."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import statistics as stat_funcs
from phi.kernels.funcs.reduce import sum_out_dtype

_CPU_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32,
              DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)
_GPU_TYPES = tuple(t for t in _CPU_TYPES if t is not DataType.BFLOAT16)


class ReduceAsOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "x"), ctx.place)

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot == "target":
            return None  # only its dims are read
        return super().get_kernel_type_for_var(slot, tensor, expected)


class ReduceAsKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        target = ctx.input("target")
        out = ctx.output("out")
        data = out.mutable_data(ctx.place, sum_out_dtype(x.dtype, DataType.UNDEFINED))
        stat_funcs.reduce_as(ctx.xp, x.data, target.dims, data)


register_operator("reduce_as", ReduceAsOp)
for _dtype in _CPU_TYPES:
    register_op_kernel("reduce_as", "CPU", ReduceAsKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("reduce_as", "GPU", ReduceAsKernel, _dtype)

VERIFY_CASES = [{"name": "to a column", "inputs": {"x": (2, 3, 4), "target": (3, 1)}}]
