"""shape64: the dims of `input` as a 1-D int64 tensor on the host (shape's int64 twin)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import CPUPlace, DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import shape as shape_funcs


class Shape64Op(OperatorWithKernel):
    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        return None  # only the dims are read: wherever the data is, it stays


class Shape64Kernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("input")
        out = ctx.output("out")
        data = out.mutable_data(CPUPlace(), DataType.INT64)
        shape_funcs.shape(x.dims, data)


register_operator("shape64", Shape64Op)
for _dtype in (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT32, DataType.INT64,
               DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32, DataType.FLOAT64,
               DataType.COMPLEX64, DataType.COMPLEX128):
    register_op_kernel("shape64", "CPU", Shape64Kernel, _dtype)
    register_op_kernel("shape64", "GPU", Shape64Kernel, _dtype)
