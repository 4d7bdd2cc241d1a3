"""concat: join the X tensors along `axis` (or the value of AxisTensor)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import concat_split as cs_funcs
from phi.kernels.funcs.cast import FLOAT8_TYPES


def _axis(ctx: InferShapeContext | ExecutionContext) -> int:
    if ctx.has_input("AxisTensor"):
        return int(ctx.input_var("AxisTensor").get_tensor().numpy().reshape(-1)[0])
    return int(ctx.attr("axis"))


class ConcatOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        # the first non-empty input decides (an all-empty concat takes the first one's type)
        xs = [t for t in ctx.multi_input("X") if t is not None and t.initialized()]
        if not xs:
            raise ValueError("concat: all inputs are missing")
        chosen = next((t for t in xs if t.numel() > 0), xs[0])
        return OpKernelType(chosen.dtype, ctx.place)

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot == "AxisTensor":
            return None
        return super().get_kernel_type_for_var(slot, tensor, expected)


class ConcatKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        xs = ctx.multi_input("X")
        out = ctx.output("Out")
        axis = _axis(ctx)
        data = out.mutable_data(ctx.place, ctx.kernel_type.data_type)
        cs_funcs.concat(ctx.xp, [x.data for x in xs], axis, data)


_CPU_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16,
              DataType.BFLOAT16, DataType.COMPLEX64, DataType.COMPLEX128)
_GPU_TYPES = tuple(t for t in _CPU_TYPES if t is not DataType.BFLOAT16)

register_operator("concat", ConcatOp)
for _dtype in (*_CPU_TYPES, *FLOAT8_TYPES):
    register_op_kernel("concat", "CPU", ConcatKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("concat", "GPU", ConcatKernel, _dtype)
