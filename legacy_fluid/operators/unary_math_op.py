"""More unary math: Out = f(X), X's dims and lod.

- atan: arc tangent; sinh: hyperbolic sine; erf: the error function;
- expm1: exp(X) - 1; log1p: ln(1 + X); both give float32 for integer X (Paddle's kernels
  do, although its static InferShape declares X's dtype);
- isnan_v2: bool, X is NaN (either part of a complex X; never for integers).

The makers, and the operator class of the ops whose Out has X's dtype, are those of
`activation_op` (the extra attributes differ per op, as in Paddle 3.3.1).
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.activation_op import ActivationOp, NoExtraOpMaker, OnednnOpMaker
from phi.common import DataType
from phi.kernels.funcs import unary_math

_FLOAT = (DataType.FLOAT32, DataType.FLOAT64)
_ERF = (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16)
_EXPM1 = (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.INT32, DataType.INT64)
_LOG1P = (*_EXPM1, DataType.BFLOAT16)
_ISNAN = (*_LOG1P, DataType.COMPLEX64, DataType.COMPLEX128)


class FloatOutOp(OperatorWithKernel):
    """expm1 / log1p: Out has X's dims; float32 for integer X."""

    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", unary_math.float_out_dtype(ctx.get_input_dtype("X")))
        ctx.share_lod("X", "Out")


class IsnanOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", DataType.BOOL)
        ctx.share_lod("X", "Out")


class AtanKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        unary_math.atan(ctx.xp, x.data, data)


class SinhKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        unary_math.sinh(ctx.xp, x.data, data)


class ErfKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        unary_math.erf(ctx.xp, x.data, data)


class Expm1Kernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, unary_math.float_out_dtype(x.dtype))
        unary_math.expm1(ctx.xp, x.data, data)


class Log1pKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, unary_math.float_out_dtype(x.dtype))
        unary_math.log1p(ctx.xp, x.data, data)


class IsnanKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, DataType.BOOL)
        unary_math.isnan(ctx.xp, x.data, data)


register_operator("atan", ActivationOp, NoExtraOpMaker)
register_operator("sinh", ActivationOp, OnednnOpMaker)
register_operator("erf", ActivationOp, NoExtraOpMaker)
register_operator("expm1", FloatOutOp, OnednnOpMaker)
register_operator("log1p", FloatOutOp, OnednnOpMaker)
register_operator("isnan_v2", IsnanOp, NoExtraOpMaker)
for _dtype in _FLOAT:
    register_op_kernel("atan", "CPU", AtanKernel, _dtype)
    register_op_kernel("atan", "GPU", AtanKernel, _dtype)
    register_op_kernel("sinh", "CPU", SinhKernel, _dtype)
    register_op_kernel("sinh", "GPU", SinhKernel, _dtype)
for _dtype in _ERF:
    register_op_kernel("erf", "CPU", ErfKernel, _dtype)
    register_op_kernel("erf", "GPU", ErfKernel, _dtype)
for _dtype in _EXPM1:
    register_op_kernel("expm1", "CPU", Expm1Kernel, _dtype)
    register_op_kernel("expm1", "GPU", Expm1Kernel, _dtype)
for _dtype in _LOG1P:
    register_op_kernel("log1p", "CPU", Log1pKernel, _dtype)
    register_op_kernel("log1p", "GPU", Log1pKernel, _dtype)
for _dtype in _ISNAN:
    register_op_kernel("isnan_v2", "CPU", IsnanKernel, _dtype)
    register_op_kernel("isnan_v2", "GPU", IsnanKernel, _dtype)
