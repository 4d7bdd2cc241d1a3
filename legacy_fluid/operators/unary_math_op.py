"""More unary math: Out = f(X), X's dims and lod.

- atan: arc tangent; sinh: hyperbolic sine; erf: the error function;
- expm1: exp(X) - 1; log1p: ln(1 + X); both give float32 for integer X (Paddle's kernels
  do, although its static InferShape declares X's dtype); atan, sinh, expm1 and log1p take
  complex X on CPU (phi.kernels.funcs.complex_activation);
- isnan_v2: bool, X is NaN (either part of a complex X; never for integers);
- isfinite_v2 / isinf_v2: bool, X is finite / +-inf (the same part rules);
- trunc: toward zero; rint (lower-case slots x, out): to nearest, ties to even;
- round: ties to even at `decimals` places (complex: both parts); a Paddle 2.x program's
  round has no `decimals` and rounds ties away from zero (C's round), so RoundOp drops the
  filled-in default and both paths run the 2.x kernel (PHI `legacy_round`) for it;
- asin, acos, asinh, acosh, atanh, cosh, tan; log2 / log10 (float32 for integer X);
- renorm: slices along `axis` with a p-norm above max_norm scaled down to it;
- real, imag (complex X; Out real), conj (real X copied), angle (Out real: atan2(imag,
  real); for real X, pi below 0 and 0 elsewhere);
- lgamma, digamma, erfinv (phi.kernels.funcs.special: float64 evaluation, Paddle's poles
  and ends: digamma(+-0) = -+inf, erfinv(x >= 1) = inf).

The operator class of the ops whose Out has X's dtype is `activation_op`'s; every op here
takes its proto from the yaml (the extra attributes, which differ per op as in Paddle
3.3.1, are its phi/op_compat.yaml entry's).
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.activation_op import ActivationOp, FloatOutOp
from legacy_fluid.operators.kernel_templates import OutDtypeKernel, SameDtypeKernel
from phi.common import DataType
from phi.kernels.funcs import special, unary_math
from phi.kernels.funcs.unary_dtypes import (
    COMPLEX,
    ERF,
    EXPM1,
    FLOAT,
    FLOAT_COMPLEX,
    FLOAT_INT,
    ISINF,
    ISNAN,
    LOG1P,
    LOG2,
    ROUND,
)

#: renorm's attributes have no defaults; round's desc must carry `decimals` to be a Paddle
#: 3.x round (without it, it is a 2.x one: float32 / float64 only). Valid calls for `--verify`.
VERIFY_CASES = {
    "renorm": [{"name": "p 2 along axis 1", "inputs": {"X": (3, 4, 2)},
                "attrs": {"p": 2.0, "axis": 1, "max_norm": 1.0}}],
    "round": [{"name": "ties to even", "attrs": {"decimals": 0}},
              {"name": "2 places", "attrs": {"decimals": 2}},
              {"name": "Paddle 2.x desc: ties away from zero", "attrs": {},
               "dtypes": ["float32", "float64"]}],
}


class RoundOp(OperatorWithKernel):
    """Out has X's dims and dtype. An op desc without `decimals` comes from Paddle 2.x, whose
    round took ties away from zero: the default filled in for it is dropped again, so both
    paths see the attribute missing (the legacy kernel and the argument mapping pick the
    2.x rounding)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if self.desc is not None and "decimals" not in self.desc.attrs:
            self.attrs.pop("decimals", None)


class RintKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        out = ctx.output("out")
        data = out.mutable_data(ctx.place, x.dtype)
        unary_math.rint(ctx.xp, x.data, data)


class RoundKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        if not ctx.has_attr("decimals"):  # a Paddle 2.x program (see RoundOp)
            unary_math.round_half_away(ctx.xp, x.data, data)
            return
        decimals = ctx.attr("decimals")
        unary_math.round(ctx.xp, x.data, decimals, data)


register_operator("atan", ActivationOp)
register_operator("sinh", ActivationOp)
register_operator("erf", ActivationOp)
register_operator("expm1", FloatOutOp)
register_operator("log1p", FloatOutOp)
register_operator("isnan_v2", OperatorWithKernel)
register_operator("trunc", ActivationOp)
register_operator("rint", OperatorWithKernel)
register_operator("round", RoundOp)
register_operator("isfinite_v2", OperatorWithKernel)
register_operator("isinf_v2", OperatorWithKernel)
register_operator("asin", ActivationOp)
register_operator("acos", ActivationOp)
for _op in ("asinh", "acosh", "atanh", "cosh", "tan"):
    register_operator(_op, ActivationOp)
register_operator("log2", FloatOutOp)
register_operator("log10", FloatOutOp)
register_operator("renorm", OperatorWithKernel)
for _op in ("lgamma", "digamma", "erfinv"):
    register_operator(_op, ActivationOp)
register_operator("real", OperatorWithKernel)
register_operator("imag", OperatorWithKernel)
register_operator("conj", ActivationOp)
register_operator("angle", OperatorWithKernel)
for _backend in ("CPU", "GPU"):
    for _dtype in FLOAT_INT:
        register_op_kernel("rint", _backend, RintKernel, _dtype)
    for _dtype in ROUND:
        register_op_kernel("round", _backend, RoundKernel, _dtype)

#: (op type, kernel class, funcs function, CPU dtypes, GPU dtypes when they differ)
register_op_table(SameDtypeKernel, [
    OpKernelRow("trunc", "TruncKernel", unary_math.trunc, FLOAT_INT),
    OpKernelRow("conj", "ConjKernel", unary_math.conj, ROUND),
    OpKernelRow("asin", "AsinKernel", unary_math.asin, FLOAT_COMPLEX),
    OpKernelRow("acos", "AcosKernel", unary_math.acos, FLOAT_COMPLEX),
    OpKernelRow("asinh", "AsinhKernel", unary_math.asinh, FLOAT_COMPLEX),
    OpKernelRow("acosh", "AcoshKernel", unary_math.acosh, FLOAT_COMPLEX),
    OpKernelRow("atanh", "AtanhKernel", unary_math.atanh, FLOAT_COMPLEX),
    OpKernelRow("cosh", "CoshKernel", unary_math.cosh, FLOAT_COMPLEX),
    OpKernelRow("tan", "TanKernel", unary_math.tan, FLOAT_COMPLEX),
    OpKernelRow("lgamma", "LgammaKernel", special.lgamma, FLOAT),
    OpKernelRow("digamma", "DigammaKernel", special.digamma, FLOAT),
    OpKernelRow("erfinv", "ErfinvKernel", special.erfinv, FLOAT),
])
register_op_table(SameDtypeKernel, [
    OpKernelRow("atan", "AtanKernel", unary_math.atan, FLOAT_COMPLEX, FLOAT),
    OpKernelRow("sinh", "SinhKernel", unary_math.sinh, FLOAT_COMPLEX, FLOAT),
], backends=("GPU", "CPU"))
register_op_table(SameDtypeKernel, [
    OpKernelRow("erf", "ErfKernel", unary_math.erf, ERF),
], by_dtype=True)

#: extra: Out's dtype from X's
register_op_table(OutDtypeKernel, [
    OpKernelRow("isnan_v2", "IsnanKernel", unary_math.isnan, ISNAN,
                extra=lambda _: DataType.BOOL),
], by_dtype=True)
register_op_table(OutDtypeKernel, [
    OpKernelRow("isfinite_v2", "IsfiniteKernel", unary_math.isfinite, ISNAN,
                extra=lambda _: DataType.BOOL),
    OpKernelRow("isinf_v2", "IsinfKernel", unary_math.isinf, ISINF,
                extra=lambda _: DataType.BOOL),
    OpKernelRow("real", "RealKernel", unary_math.real, COMPLEX,
                extra=unary_math.abs_out_dtype),
    OpKernelRow("imag", "ImagKernel", unary_math.imag, COMPLEX,
                extra=unary_math.abs_out_dtype),
    OpKernelRow("angle", "AngleKernel", unary_math.angle, FLOAT_COMPLEX,
                extra=unary_math.abs_out_dtype),
    OpKernelRow("log2", "Log2Kernel", unary_math.log2, LOG2,
                extra=unary_math.float_out_dtype),
    OpKernelRow("log10", "Log10Kernel", unary_math.log10, LOG2,
                extra=unary_math.float_out_dtype),
])
register_op_table(OutDtypeKernel, [
    OpKernelRow("expm1", "Expm1Kernel", unary_math.expm1, (*EXPM1, *COMPLEX), EXPM1,
                unary_math.float_out_dtype),
    OpKernelRow("log1p", "Log1pKernel", unary_math.log1p, (*LOG1P, *COMPLEX), LOG1P,
                unary_math.float_out_dtype),
], backends=("GPU", "CPU"))
register_op_table(SameDtypeKernel, [
    OpKernelRow("renorm", "RenormKernel", unary_math.renorm, FLOAT,
                attrs=("p", "axis", "max_norm")),
])
