"""fill_any: Out = X's dims and type filled with `value` (a float attribute: integers
truncate and wrap, bool is value != 0; NaN is refused). Math in phi.kernels.funcs.creation."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import creation as creation_funcs
from phi.kernels.funcs.cast import FLOAT8_TYPES

_CPU_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32,
              DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)
_GPU_TYPES = tuple(t for t in _CPU_TYPES if t is not DataType.BFLOAT16)


class FillAnyOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class FillAnyKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        value = ctx.attr("value")
        data = out.mutable_data(ctx.place, x.dtype)
        creation_funcs.fill(ctx.xp, float(value), data)


register_operator("fill_any", FillAnyOp)
for _dtype in (*_CPU_TYPES, *FLOAT8_TYPES):
    register_op_kernel("fill_any", "CPU", FillAnyKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("fill_any", "GPU", FillAnyKernel, _dtype)

VERIFY_CASES = [{"name": "value", "inputs": {"X": (3, 4)}, "attrs": {"value": -1.5}}]
