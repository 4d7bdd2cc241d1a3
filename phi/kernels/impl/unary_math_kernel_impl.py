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

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.core.kernel_table import KernelRow, register_table
from phi.kernels.funcs import special, unary_math
from phi.kernels.impl.elementwise_templates import bool_out, out_dtype_of, same_dtype

_FLOAT = [DataType.FLOAT32, DataType.FLOAT64]
_ERF = [DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16]
_EXPM1 = [DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.INT32, DataType.INT64]
_LOG1P = [*_EXPM1, DataType.BFLOAT16]
_COMPLEX = [DataType.COMPLEX64, DataType.COMPLEX128]
_ISNAN = [*_LOG1P, *_COMPLEX]
_ISINF = [*_ISNAN, DataType.UINT8, DataType.INT8, DataType.INT16]
_FLOAT_INT = [*_FLOAT, DataType.INT32, DataType.INT64]
_ROUND = [*_FLOAT_INT, *_COMPLEX]
_FLOAT_COMPLEX = [*_FLOAT, *_COMPLEX]
_LOG2 = [*_FLOAT_INT, DataType.FLOAT16, DataType.BFLOAT16, *_COMPLEX]


#: (name, funcs function, CPU dtypes, GPU dtypes when they differ)
register_table(same_dtype, [
    KernelRow("atan", unary_math.atan, _FLOAT_COMPLEX, _FLOAT),
    KernelRow("sinh", unary_math.sinh, _FLOAT_COMPLEX, _FLOAT),
    KernelRow("erf", unary_math.erf, _ERF),
    KernelRow("trunc", unary_math.trunc, _FLOAT_INT),
    KernelRow("rint", unary_math.rint, _FLOAT_INT),
    KernelRow("legacy_round", unary_math.round_half_away, _FLOAT),
    KernelRow("asin", unary_math.asin, _FLOAT_COMPLEX),
    KernelRow("acos", unary_math.acos, _FLOAT_COMPLEX),
    KernelRow("asinh", unary_math.asinh, _FLOAT_COMPLEX),
    KernelRow("acosh", unary_math.acosh, _FLOAT_COMPLEX),
    KernelRow("atanh", unary_math.atanh, _FLOAT_COMPLEX),
    KernelRow("cosh", unary_math.cosh, _FLOAT_COMPLEX),
    KernelRow("tan", unary_math.tan, _FLOAT_COMPLEX),
    KernelRow("lgamma", special.lgamma, _FLOAT),
    KernelRow("digamma", special.digamma, _FLOAT),
    KernelRow("erfinv", special.erfinv, _FLOAT),
    KernelRow("conj", unary_math.conj, _ROUND),
])

register_table(bool_out, [
    KernelRow("isnan", unary_math.isnan, _ISNAN),
    KernelRow("isfinite", unary_math.isfinite, _ISNAN),
    KernelRow("isinf", unary_math.isinf, _ISINF),
])

#: extra: Out's dtype from X's
register_table(out_dtype_of, [
    KernelRow("expm1", unary_math.expm1, [*_EXPM1, *_COMPLEX], _EXPM1,
              unary_math.float_out_dtype),
    KernelRow("log1p", unary_math.log1p, [*_LOG1P, *_COMPLEX], _LOG1P,
              unary_math.float_out_dtype),
    KernelRow("log2", unary_math.log2, _LOG2, extra=unary_math.float_out_dtype),
    KernelRow("log10", unary_math.log10, _LOG2, extra=unary_math.float_out_dtype),
    KernelRow("real", unary_math.real, _COMPLEX, extra=unary_math.abs_out_dtype),
    KernelRow("imag", unary_math.imag, _COMPLEX, extra=unary_math.abs_out_dtype),
    KernelRow("angle", unary_math.angle, _FLOAT_COMPLEX, extra=unary_math.abs_out_dtype),
])


@register_kernel("round", Backend.CPU, DataLayout.ALL_LAYOUT, _ROUND)
@register_kernel("round", Backend.GPU, DataLayout.ALL_LAYOUT, _ROUND)
def round_kernel(dev_ctx: DeviceContext, x: DenseTensor, decimals: int, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.round(dev_ctx.xp, x.data, decimals, data)


@register_kernel("renorm", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("renorm", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def renorm_kernel(dev_ctx: DeviceContext, x: DenseTensor, p: float, axis: int, max_norm: float,
                  out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.renorm(dev_ctx.xp, x.data, p, axis, max_norm, data)
