"""shape: the dims of Input as a 1-D int32 tensor, always on the host."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import CPUPlace, DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import shape as shape_funcs


class ShapeOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "Input"), ctx.place)

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        return None  # only the dims are read: wherever the data is, it stays


class ShapeKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("Input")
        out = ctx.output("Out")
        data = out.mutable_data(CPUPlace(), DataType.INT32)
        shape_funcs.shape(x.dims, data)


#: Paddle's CPU shape kernel has no float16 / bfloat16 / int16 registration
_CPU_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT32, DataType.INT64,
              DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)
_GPU_TYPES = (*_CPU_TYPES, DataType.INT16, DataType.FLOAT16, DataType.BFLOAT16)

register_operator("shape", ShapeOp)
for _dtype in _CPU_TYPES:
    register_op_kernel("shape", "CPU", ShapeKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("shape", "GPU", ShapeKernel, _dtype)
