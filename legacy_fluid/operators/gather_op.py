"""gather: Out = the slices of X at Index along `axis` (a fed 1-element Axis tensor replaces
the attribute). Index is int32/int64, 1-D (or [N, 1]) or 0-D (the axis is then dropped);
negative ids count from the end."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import gather as gather_funcs

_CPU_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT32, DataType.FLOAT64, DataType.BFLOAT16,
              DataType.COMPLEX64, DataType.COMPLEX128)
_GPU_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16,
              DataType.COMPLEX64, DataType.COMPLEX128)


def _axis(ctx: ExecutionContext | InferShapeContext) -> int:
    var = ctx.input_var("Axis")
    if var is not None and isinstance(var.value, DenseTensor) and var.value.initialized():
        return int(var.value.numpy().reshape(-1)[0])
    return int(ctx.attr("axis"))


class GatherOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        """X's dtype picks the kernel; Index keeps its integer type."""
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot == "Axis":
            return None  # read on the host as it is, never moved
        return super().get_kernel_type_for_var(slot, tensor, expected)


class GatherKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        index = ctx.input("Index")
        out = ctx.output("Out")
        axis = ctx.attr("axis")
        if ctx.has_input("Axis"):
            axis = int(ctx.input("Axis").numpy().reshape(-1)[0])
        data = out.mutable_data(ctx.place, x.dtype)
        gather_funcs.gather(ctx.xp, x.data, index.data, axis, data)


VERIFY_CASES = [
    {"name": "rows", "inputs": {"X": (4, 3), "Index": {"value": [3, 0, -1], "dtype": "int64"}}},
    {"name": "axis 1, int32 ids", "inputs": {"X": (2, 5, 3), "Index": {
        "value": [4, 4, 1], "dtype": "int32"}}, "attrs": {"axis": 1}},
    {"name": "Axis tensor", "inputs": {"X": (2, 5), "Index": {"value": [1], "dtype": "int64"},
                                       "Axis": {"value": [1], "dtype": "int32"}}},
]

register_operator("gather", GatherOp)
for _dtype in _CPU_TYPES:
    register_op_kernel("gather", "CPU", GatherKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("gather", "GPU", GatherKernel, _dtype)
