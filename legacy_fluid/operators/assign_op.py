"""assign: Out = a copy of X. With X absent or holding no data, Out is left untouched."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import assign as assign_funcs
from phi.kernels.funcs.cast import FLOAT8_TYPES

_CPU_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32,
              DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)
_GPU_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT16, DataType.FLOAT32, DataType.FLOAT64,
              DataType.COMPLEX64, DataType.COMPLEX128)


class AssignOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        if ctx.has_input("X"):
            ctx.set_output_dim("Out", ctx.get_input_dim("X"))
            ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
            ctx.share_lod("X", "Out")

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        """X's dtype; float32 when X holds no data (the kernel then does nothing)."""
        x = ctx.input("X")
        if x is None or not x.initialized():
            return OpKernelType(DataType.FLOAT32, ctx.place)
        return OpKernelType(x.dtype, ctx.place)


class AssignKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        if x is None or not x.initialized():
            return
        data = out.mutable_data(ctx.place, x.dtype)
        assign_funcs.assign(ctx.xp, x.data, data)


VERIFY_CASES = [
    {"name": "copy", "inputs": {"X": (3, 4)}},
]

register_operator("assign", AssignOp)
for _dtype in (*_CPU_TYPES, *FLOAT8_TYPES):
    register_op_kernel("assign", "CPU", AssignKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("assign", "GPU", AssignKernel, _dtype)
