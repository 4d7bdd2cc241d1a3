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
from phi.kernels.funcs import special, unary_math

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


@register_kernel("atan", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
@register_kernel("atan", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def atan_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.atan(dev_ctx.xp, x.data, data)


@register_kernel("sinh", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
@register_kernel("sinh", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def sinh_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.sinh(dev_ctx.xp, x.data, data)


@register_kernel("erf", Backend.CPU, DataLayout.ALL_LAYOUT, _ERF)
@register_kernel("erf", Backend.GPU, DataLayout.ALL_LAYOUT, _ERF)
def erf_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.erf(dev_ctx.xp, x.data, data)


@register_kernel("expm1", Backend.CPU, DataLayout.ALL_LAYOUT, [*_EXPM1, *_COMPLEX])
@register_kernel("expm1", Backend.GPU, DataLayout.ALL_LAYOUT, _EXPM1)
def expm1_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, unary_math.float_out_dtype(x.dtype))
    unary_math.expm1(dev_ctx.xp, x.data, data)


@register_kernel("log1p", Backend.CPU, DataLayout.ALL_LAYOUT, [*_LOG1P, *_COMPLEX])
@register_kernel("log1p", Backend.GPU, DataLayout.ALL_LAYOUT, _LOG1P)
def log1p_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, unary_math.float_out_dtype(x.dtype))
    unary_math.log1p(dev_ctx.xp, x.data, data)


@register_kernel("isnan", Backend.CPU, DataLayout.ALL_LAYOUT, _ISNAN)
@register_kernel("isnan", Backend.GPU, DataLayout.ALL_LAYOUT, _ISNAN)
def isnan_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, DataType.BOOL)
    unary_math.isnan(dev_ctx.xp, x.data, data)


@register_kernel("trunc", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT_INT)
@register_kernel("trunc", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT_INT)
def trunc_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.trunc(dev_ctx.xp, x.data, data)


@register_kernel("rint", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT_INT)
@register_kernel("rint", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT_INT)
def rint_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.rint(dev_ctx.xp, x.data, data)


@register_kernel("round", Backend.CPU, DataLayout.ALL_LAYOUT, _ROUND)
@register_kernel("round", Backend.GPU, DataLayout.ALL_LAYOUT, _ROUND)
def round_kernel(dev_ctx: DeviceContext, x: DenseTensor, decimals: int, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.round(dev_ctx.xp, x.data, decimals, data)


@register_kernel("legacy_round", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("legacy_round", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def legacy_round_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.round_half_away(dev_ctx.xp, x.data, data)


@register_kernel("isfinite", Backend.CPU, DataLayout.ALL_LAYOUT, _ISNAN)
@register_kernel("isfinite", Backend.GPU, DataLayout.ALL_LAYOUT, _ISNAN)
def isfinite_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, DataType.BOOL)
    unary_math.isfinite(dev_ctx.xp, x.data, data)


@register_kernel("isinf", Backend.CPU, DataLayout.ALL_LAYOUT, _ISINF)
@register_kernel("isinf", Backend.GPU, DataLayout.ALL_LAYOUT, _ISINF)
def isinf_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, DataType.BOOL)
    unary_math.isinf(dev_ctx.xp, x.data, data)


@register_kernel("asin", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
@register_kernel("asin", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
def asin_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.asin(dev_ctx.xp, x.data, data)


@register_kernel("acos", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
@register_kernel("acos", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
def acos_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.acos(dev_ctx.xp, x.data, data)


@register_kernel("asinh", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
@register_kernel("asinh", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
def asinh_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.asinh(dev_ctx.xp, x.data, data)


@register_kernel("acosh", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
@register_kernel("acosh", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
def acosh_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.acosh(dev_ctx.xp, x.data, data)


@register_kernel("atanh", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
@register_kernel("atanh", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
def atanh_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.atanh(dev_ctx.xp, x.data, data)


@register_kernel("cosh", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
@register_kernel("cosh", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
def cosh_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.cosh(dev_ctx.xp, x.data, data)


@register_kernel("tan", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
@register_kernel("tan", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
def tan_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.tan(dev_ctx.xp, x.data, data)


@register_kernel("log2", Backend.CPU, DataLayout.ALL_LAYOUT, _LOG2)
@register_kernel("log2", Backend.GPU, DataLayout.ALL_LAYOUT, _LOG2)
def log2_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, unary_math.float_out_dtype(x.dtype))
    unary_math.log2(dev_ctx.xp, x.data, data)


@register_kernel("log10", Backend.CPU, DataLayout.ALL_LAYOUT, _LOG2)
@register_kernel("log10", Backend.GPU, DataLayout.ALL_LAYOUT, _LOG2)
def log10_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, unary_math.float_out_dtype(x.dtype))
    unary_math.log10(dev_ctx.xp, x.data, data)


@register_kernel("renorm", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("renorm", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def renorm_kernel(dev_ctx: DeviceContext, x: DenseTensor, p: float, axis: int, max_norm: float,
                  out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.renorm(dev_ctx.xp, x.data, p, axis, max_norm, data)


@register_kernel("lgamma", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("lgamma", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def lgamma_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    special.lgamma(dev_ctx.xp, x.data, data)


@register_kernel("digamma", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("digamma", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def digamma_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    special.digamma(dev_ctx.xp, x.data, data)


@register_kernel("erfinv", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("erfinv", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def erfinv_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    special.erfinv(dev_ctx.xp, x.data, data)


@register_kernel("real", Backend.CPU, DataLayout.ALL_LAYOUT, _COMPLEX)
@register_kernel("real", Backend.GPU, DataLayout.ALL_LAYOUT, _COMPLEX)
def real_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, unary_math.abs_out_dtype(x.dtype))
    unary_math.real(dev_ctx.xp, x.data, data)


@register_kernel("imag", Backend.CPU, DataLayout.ALL_LAYOUT, _COMPLEX)
@register_kernel("imag", Backend.GPU, DataLayout.ALL_LAYOUT, _COMPLEX)
def imag_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, unary_math.abs_out_dtype(x.dtype))
    unary_math.imag(dev_ctx.xp, x.data, data)


@register_kernel("conj", Backend.CPU, DataLayout.ALL_LAYOUT, [*_FLOAT_INT, *_COMPLEX])
@register_kernel("conj", Backend.GPU, DataLayout.ALL_LAYOUT, [*_FLOAT_INT, *_COMPLEX])
def conj_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.conj(dev_ctx.xp, x.data, data)


@register_kernel("angle", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
@register_kernel("angle", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
def angle_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, unary_math.abs_out_dtype(x.dtype))
    unary_math.angle(dev_ctx.xp, x.data, data)
