"""More unary math kernels, out = f(x) with x's dims (`fluidphi migrate` output of
legacy_fluid/operators/unary_math_op.py):

atan(x), sinh(x), erf(x): x's dtype; expm1(x) = exp(x) - 1 and log1p(x) = ln(1 + x):
float32 for integer x; isnan(x): bool. Math in phi.kernels.funcs.unary_math.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import unary_math

_FLOAT = [DataType.FLOAT32, DataType.FLOAT64]
_ERF = [DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16]
_EXPM1 = [DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.INT32, DataType.INT64]
_LOG1P = [*_EXPM1, DataType.BFLOAT16]
_ISNAN = [*_LOG1P, DataType.COMPLEX64, DataType.COMPLEX128]


@register_kernel("atan", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("atan", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def atan_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.atan(dev_ctx.xp, x.data, data)


@register_kernel("sinh", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("sinh", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def sinh_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.sinh(dev_ctx.xp, x.data, data)


@register_kernel("erf", Backend.CPU, DataLayout.ALL_LAYOUT, _ERF)
@register_kernel("erf", Backend.GPU, DataLayout.ALL_LAYOUT, _ERF)
def erf_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.erf(dev_ctx.xp, x.data, data)


@register_kernel("expm1", Backend.CPU, DataLayout.ALL_LAYOUT, _EXPM1)
@register_kernel("expm1", Backend.GPU, DataLayout.ALL_LAYOUT, _EXPM1)
def expm1_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, unary_math.float_out_dtype(x.dtype))
    unary_math.expm1(dev_ctx.xp, x.data, data)


@register_kernel("log1p", Backend.CPU, DataLayout.ALL_LAYOUT, _LOG1P)
@register_kernel("log1p", Backend.GPU, DataLayout.ALL_LAYOUT, _LOG1P)
def log1p_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, unary_math.float_out_dtype(x.dtype))
    unary_math.log1p(dev_ctx.xp, x.data, data)


@register_kernel("isnan", Backend.CPU, DataLayout.ALL_LAYOUT, _ISNAN)
@register_kernel("isnan", Backend.GPU, DataLayout.ALL_LAYOUT, _ISNAN)
def isnan_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, DataType.BOOL)
    unary_math.isnan(dev_ctx.xp, x.data, data)
