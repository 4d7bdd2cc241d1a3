"""More unary math kernels, out = f(x) with x's dims (`fluidphi migrate` output of
legacy_fluid/operators/unary_math_op.py):

atan(x), sinh(x), erf(x): x's dtype; expm1(x) = exp(x) - 1 and log1p(x) = ln(1 + x):
float32 for integer x; isnan(x): bool; trunc, rint, round (ties to even, `decimals`) and
legacy_round (Paddle 2.x's round: ties away from zero; hand-written, as the legacy kernel
branches on whether the op desc has `decimals`); isfinite, isinf: bool; asin, acos, asinh,
acosh, atanh, cosh, tan; log2, log10: float32 for integer x; renorm; lgamma, digamma,
erfinv; real, imag, angle (real out), conj. Math in phi.kernels.funcs.unary_math and
phi.kernels.funcs.special.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.core.kernel_table import KernelRow, register_table
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
from phi.kernels.impl.elementwise_templates import bool_out, out_dtype_of, same_dtype

#: (name, funcs function, CPU dtypes, GPU dtypes when they differ)
register_table(same_dtype, [
    KernelRow("atan", unary_math.atan, FLOAT_COMPLEX, FLOAT),
    KernelRow("sinh", unary_math.sinh, FLOAT_COMPLEX, FLOAT),
    KernelRow("erf", unary_math.erf, ERF),
    KernelRow("trunc", unary_math.trunc, FLOAT_INT),
    KernelRow("rint", unary_math.rint, FLOAT_INT),
    KernelRow("legacy_round", unary_math.round_half_away, FLOAT),
    KernelRow("asin", unary_math.asin, FLOAT_COMPLEX),
    KernelRow("acos", unary_math.acos, FLOAT_COMPLEX),
    KernelRow("asinh", unary_math.asinh, FLOAT_COMPLEX),
    KernelRow("acosh", unary_math.acosh, FLOAT_COMPLEX),
    KernelRow("atanh", unary_math.atanh, FLOAT_COMPLEX),
    KernelRow("cosh", unary_math.cosh, FLOAT_COMPLEX),
    KernelRow("tan", unary_math.tan, FLOAT_COMPLEX),
    KernelRow("lgamma", special.lgamma, FLOAT),
    KernelRow("digamma", special.digamma, FLOAT),
    KernelRow("erfinv", special.erfinv, FLOAT),
    KernelRow("conj", unary_math.conj, ROUND),
])

register_table(bool_out, [
    KernelRow("isnan", unary_math.isnan, ISNAN),
    KernelRow("isfinite", unary_math.isfinite, ISNAN),
    KernelRow("isinf", unary_math.isinf, ISINF),
])

#: extra: Out's dtype from X's
register_table(out_dtype_of, [
    KernelRow("expm1", unary_math.expm1, [*EXPM1, *COMPLEX], EXPM1,
              unary_math.float_out_dtype),
    KernelRow("log1p", unary_math.log1p, [*LOG1P, *COMPLEX], LOG1P,
              unary_math.float_out_dtype),
    KernelRow("log2", unary_math.log2, LOG2, extra=unary_math.float_out_dtype),
    KernelRow("log10", unary_math.log10, LOG2, extra=unary_math.float_out_dtype),
    KernelRow("real", unary_math.real, COMPLEX, extra=unary_math.abs_out_dtype),
    KernelRow("imag", unary_math.imag, COMPLEX, extra=unary_math.abs_out_dtype),
    KernelRow("angle", unary_math.angle, FLOAT_COMPLEX, extra=unary_math.abs_out_dtype),
])


@register_kernel("round", Backend.CPU, DataLayout.ALL_LAYOUT, ROUND)
@register_kernel("round", Backend.GPU, DataLayout.ALL_LAYOUT, ROUND)
def round_kernel(dev_ctx: DeviceContext, x: DenseTensor, decimals: int, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.round(dev_ctx.xp, x.data, decimals, data)


@register_kernel("renorm", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("renorm", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def renorm_kernel(dev_ctx: DeviceContext, x: DenseTensor, p: float, axis: int, max_norm: float,
                  out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.renorm(dev_ctx.xp, x.data, p, axis, max_norm, data)
