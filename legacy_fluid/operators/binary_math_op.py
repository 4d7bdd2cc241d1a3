"""Binary and ternary element-wise math: Out = f(X, Y[, Weight]).

- atan2 (X1, X2): atan2(X1, X2) in (-pi, pi] with X1's dims; X2 has X1's rank and no
  smaller dim, and is read flat (its first numel(X1) elements); integers give float64;
- lerp (X, Y, Weight): X + Weight * (Y - X), the three broadcast NumPy-style (rank <= 6);
- copysign (x, y): |x| with y's sign (bool and integers through float64);
- nextafter (x, y): the next representable value after x toward y.

copysign and nextafter are Paddle 3.x ops with lower-case slots. Math in
phi.kernels.funcs.binary_math; protos are Paddle 3.3.1's (no attributes, no extras).
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import binary_math

_FLOAT = (DataType.FLOAT32, DataType.FLOAT64)
_ATAN2 = (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.INT32, DataType.INT64)
_COPYSIGN = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
             DataType.INT64, DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32,
             DataType.FLOAT64)


class Atan2Kernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x1 = ctx.input("X1")
        x2 = ctx.input("X2")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, binary_math.atan2_out_dtype(x1.dtype))
        binary_math.atan2(ctx.xp, x1.data, x2.data, data)


class LerpKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        weight = ctx.input("Weight")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        binary_math.lerp(ctx.xp, x.data, y.data, weight.data, data)


class CopysignKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        y = ctx.input("y")
        out = ctx.output("out")
        data = out.mutable_data(ctx.place, x.dtype)
        binary_math.copysign(ctx.xp, x.data, y.data, data)


class NextafterKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        y = ctx.input("y")
        out = ctx.output("out")
        data = out.mutable_data(ctx.place, x.dtype)
        binary_math.nextafter(ctx.xp, x.data, y.data, data)


register_operator("atan2", OperatorWithKernel)
register_operator("lerp", OperatorWithKernel)
register_operator("copysign", OperatorWithKernel)
register_operator("nextafter", OperatorWithKernel)
for _backend in ("CPU", "GPU"):
    for _dtype in _ATAN2:
        register_op_kernel("atan2", _backend, Atan2Kernel, _dtype)
    for _dtype in _FLOAT:
        register_op_kernel("lerp", _backend, LerpKernel, _dtype)
        register_op_kernel("nextafter", _backend, NextafterKernel, _dtype)
    for _dtype in _COPYSIGN:
        register_op_kernel("copysign", _backend, CopysignKernel, _dtype)
