"""Backward ops of atan2 (X1, X2, Out@GRAD -> X1@GRAD, X2@GRAD), copysign (lower-case
slots: x, y, out@GRAD -> x@GRAD, y@GRAD) and lerp (X, Y, Weight, Out, Out@GRAD -> X@GRAD,
Y@GRAD: Weight gets no gradient, as in Paddle 3.3.1). A gradient the program does not ask
for is not computed. The math is phi.kernels.funcs.binary_math_grad."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType
from phi.kernels.funcs import binary_math_grad

_FLOAT = (DataType.FLOAT32, DataType.FLOAT64)
_ATAN2 = (*_FLOAT, DataType.FLOAT16)
_COPYSIGN = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
             DataType.INT64, DataType.FLOAT16, DataType.BFLOAT16, *_FLOAT)


class Atan2GradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x1 = ctx.input("X1")
        x2 = ctx.input("X2")
        out_grad = ctx.input("Out@GRAD")
        x1_grad = ctx.output("X1@GRAD")
        x2_grad = ctx.output("X2@GRAD")
        d1 = None if x1_grad is None else x1_grad.mutable_data(ctx.place, out_grad.dtype)
        d2 = None if x2_grad is None else x2_grad.mutable_data(ctx.place, out_grad.dtype)
        binary_math_grad.atan2_grad(ctx.xp, x1.data, x2.data, out_grad.data, d1, d2)


class CopysignGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        y = ctx.input("y")
        out_grad = ctx.input("out@GRAD")
        x_grad = ctx.output("x@GRAD")
        y_grad = ctx.output("y@GRAD")
        dx = None if x_grad is None else x_grad.mutable_data(ctx.place, out_grad.dtype)
        dy = None if y_grad is None else y_grad.mutable_data(ctx.place, out_grad.dtype)
        binary_math_grad.copysign_grad(ctx.xp, x.data, y.data, out_grad.data, dx, dy)


class LerpGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        weight = ctx.input("Weight")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        y_grad = ctx.output("Y@GRAD")
        dx = None if x_grad is None else x_grad.mutable_data(ctx.place, out_grad.dtype)
        dy = None if y_grad is None else y_grad.mutable_data(ctx.place, out_grad.dtype)
        binary_math_grad.lerp_grad(ctx.xp, weight.data, out_grad.data, tuple(x.dims),
                                   tuple(y.dims), dx, dy)


for _op in ("atan2_grad", "copysign_grad", "lerp_grad"):
    register_operator(_op, GradOp)
for _backend in ("CPU", "GPU"):
    for _dtype in _ATAN2:
        register_op_kernel("atan2_grad", _backend, Atan2GradKernel, _dtype)
    for _dtype in _COPYSIGN:
        register_op_kernel("copysign_grad", _backend, CopysignGradKernel, _dtype)
    for _dtype in _FLOAT:
        register_op_kernel("lerp_grad", _backend, LerpGradKernel, _dtype)
