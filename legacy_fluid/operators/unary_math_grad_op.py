"""Backward ops of the unary math ops: X@GRAD from Out@GRAD and what Paddle 3.3.1's grad
OpDesc carries, the forward's Out (expm1, reciprocal, rsqrt, erfinv) or its X (the rest); no
attributes; ceil, floor, round (its desc keeps `decimals`), rint (lower-case slots) and
trunc read Out@GRAD alone; angle_grad (X, Out@GRAD -> X@GRAD) runs in X's type, complex
or real (its Out@GRAD is real); real_grad and imag_grad (Out@GRAD -> X@GRAD, complex) run
in the complex type of Out@GRAD's. The math and its singular points are
phi.kernels.funcs.unary_math_grad."""

from __future__ import annotations

from collections.abc import Callable

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.operators.activation_grad_op import (
    RealCotangentGradOp,
    real_cotangent_cases,
    register_unary_grad,
)
from legacy_fluid.operators.kernel_templates import LikeXGradKernel
from phi.common import DataType
from phi.kernels.funcs import unary_math_grad as math_grad

_ANGLE = (DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)


class FlatGradOp(GradOp):
    """X@GRAD takes its meta from Out@GRAD (the grad op reads nothing else)."""

    LIKE = {"X@GRAD": "Out@GRAD", "x@GRAD": "out@GRAD"}


class FlatGradKernel(OpKernel):
    """x_grad = FUNC(Out@GRAD); rint's slots are lower-case."""

    FUNC: Callable[..., None]

    def compute(self, ctx: ExecutionContext) -> None:
        upper = ctx.has_input("Out@GRAD")
        out_grad = ctx.input("Out@GRAD" if upper else "out@GRAD")
        x_grad = ctx.output("X@GRAD" if upper else "x@GRAD")
        type(self).FUNC(ctx.xp, out_grad.data, x_grad.mutable_data(ctx.place, out_grad.dtype))


class ComplexPartGradOp(GradOp):
    """real_grad / imag_grad: X@GRAD has Out@GRAD's dims in its complex type, the type the
    kernel runs in."""

    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("X@GRAD", ctx.get_input_dim("Out@GRAD"))
        ctx.set_output_dtype("X@GRAD", ctx.get_input_dtype("Out@GRAD").to_complex)

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        dtype = self.indicate_var_data_type(ctx, "Out@GRAD").to_complex
        return OpKernelType(dtype, ctx.place)


class RealGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        math_grad.real_grad(ctx.xp, out_grad.data,
                            x_grad.mutable_data(ctx.place, out_grad.dtype.to_complex))


class ImagGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        math_grad.imag_grad(ctx.xp, out_grad.data,
                            x_grad.mutable_data(ctx.place, out_grad.dtype.to_complex))


_FLOAT_COMPLEX = (DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)
for _op in ("sin_grad", "cos_grad", "tan_grad", "asin_grad", "acos_grad", "atan_grad",
            "sinh_grad", "cosh_grad", "asinh_grad", "acosh_grad", "atanh_grad", "log1p_grad",
            "log2_grad", "log10_grad"):
    register_unary_grad(_op, getattr(math_grad, _op), "X", dtypes=_FLOAT_COMPLEX)
register_unary_grad("erf_grad", math_grad.erf_grad, "X",
                    dtypes=(DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16))
for _op in ("lgamma_grad", "digamma_grad"):
    register_unary_grad(_op, getattr(math_grad, _op), "X")
register_unary_grad("expm1_grad", math_grad.expm1_grad, "Out",
                    dtypes=(*_FLOAT_COMPLEX, DataType.FLOAT16))
register_unary_grad("reciprocal_grad", math_grad.reciprocal_grad, "Out", dtypes=_FLOAT_COMPLEX)
for _op in ("rsqrt_grad", "erfinv_grad"):
    register_unary_grad(_op, getattr(math_grad, _op), "Out")
for _op, _func in math_grad.FLAT_GRADS.items():
    _flat = type(f"{_op.title().replace('_', '')}Kernel", (FlatGradKernel,),
                 {"FUNC": staticmethod(_func)})
    register_operator(_op, FlatGradOp)
    for _dtype in math_grad.FLAT_GRAD_DTYPES[_op]:
        register_op_kernel(_op, "CPU", _flat, _dtype)
        register_op_kernel(_op, "GPU", _flat, _dtype)
register_operator("angle_grad", RealCotangentGradOp)
register_operator("real_grad", ComplexPartGradOp)
register_operator("imag_grad", ComplexPartGradOp)
for _dtype in (DataType.COMPLEX64, DataType.COMPLEX128):
    for _place in ("CPU", "GPU"):
        register_op_kernel("real_grad", _place, RealGradKernel, _dtype)
        register_op_kernel("imag_grad", _place, ImagGradKernel, _dtype)

#: Parity / `migrate --verify` inputs: real_grad / imag_grad run in the complex type of
#: their real Out@GRAD; angle_grad of a complex X reads a real Out@GRAD.
VERIFY_CASES = {"angle_grad": real_cotangent_cases(("float32", "float64")), **{
    op: [{"name": f"{real} Out@GRAD", "inputs": {"Out@GRAD": {"shape": (3, 4), "dtype": real}},
          "dtypes": [grad]}
         for real, grad in (("float32", "complex64"), ("float64", "complex128"))]
    for op in ("real_grad", "imag_grad")}}
register_op_table(LikeXGradKernel, [
    OpKernelRow("angle_grad", "AngleGradKernel", math_grad.angle_grad, _ANGLE),
], by_dtype=True)
