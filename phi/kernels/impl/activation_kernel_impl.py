"""Unary math and simple activation kernels: out = f(x), x's dims.

- abs: |x|; the modulus for complex x, whose result is real;
- exp: e ** x; sqrt: sqrt(x) (NaN for negative x); rsqrt: 1 / sqrt(x);
- log: ln(x) (-inf at 0, NaN for negative x); square: x * x; reciprocal: 1 / x;
- floor / ceil: x rounded toward -inf / +inf (integers unchanged);
- sin, cos, tanh; sigmoid: 1 / (1 + exp(-x));
- relu: max(x, 0) (NaN gives 0); sign: -1, 0 or 1 by the sign of x (NaN stays NaN).

More activation kernels (`fluidphi migrate` output of
legacy_fluid/operators/activation_op.py): logit, softsign, selu, hardtanh (fluid's brelu),
stanh, tanh_shrink, hardshrink (fluid's hard_shrink), softshrink, thresholded_relu and maxout.
Math in phi.kernels.funcs.activation.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import activation as act_funcs
from phi.kernels.funcs import unary_math

_FLOAT = [DataType.FLOAT32, DataType.FLOAT64]
_FLOAT_HALF = [*_FLOAT, DataType.FLOAT16]
_COMPLEX = [DataType.COMPLEX64, DataType.COMPLEX128]
_FLOAT_COMPLEX = [*_FLOAT, *_COMPLEX]
_HALF_COMPLEX = [*_FLOAT_HALF, *_COMPLEX]
_LOG_CPU = [*_FLOAT_HALF, DataType.BFLOAT16, *_COMPLEX]
_RELU_GPU = [*_FLOAT_HALF, DataType.BFLOAT16]
_INT_COMPLEX_CPU = [*_FLOAT, DataType.INT32, DataType.INT64, *_COMPLEX]
_INT_COMPLEX_GPU = [*_FLOAT_HALF, DataType.INT32, DataType.INT64, *_COMPLEX]
_ROUND_CPU = [DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.BFLOAT16,
              DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64]
_ROUND_GPU = [DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.UINT8, DataType.INT8,
              DataType.INT16, DataType.INT32, DataType.INT64]
_SIGN_CPU = [DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64, DataType.UINT8,
             *_FLOAT_COMPLEX]
_SIGN_GPU = [DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64, DataType.UINT8,
             DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.BFLOAT16]


@register_kernel("abs", Backend.CPU, DataLayout.ALL_LAYOUT, _INT_COMPLEX_CPU)
@register_kernel("abs", Backend.GPU, DataLayout.ALL_LAYOUT, _INT_COMPLEX_GPU)
def abs_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, unary_math.abs_out_dtype(x.dtype))
    unary_math.abs(dev_ctx.xp, x.data, data)


@register_kernel("exp", Backend.CPU, DataLayout.ALL_LAYOUT, _HALF_COMPLEX)
@register_kernel("exp", Backend.GPU, DataLayout.ALL_LAYOUT, _HALF_COMPLEX)
def exp_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.exp(dev_ctx.xp, x.data, data)


@register_kernel("sqrt", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
@register_kernel("sqrt", Backend.GPU, DataLayout.ALL_LAYOUT, _HALF_COMPLEX)
def sqrt_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.sqrt(dev_ctx.xp, x.data, data)


@register_kernel("rsqrt", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("rsqrt", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT_HALF)
def rsqrt_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.rsqrt(dev_ctx.xp, x.data, data)


@register_kernel("log", Backend.CPU, DataLayout.ALL_LAYOUT, _LOG_CPU)
@register_kernel("log", Backend.GPU, DataLayout.ALL_LAYOUT, _HALF_COMPLEX)
def log_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.log(dev_ctx.xp, x.data, data)


@register_kernel("square", Backend.CPU, DataLayout.ALL_LAYOUT, _INT_COMPLEX_CPU)
@register_kernel("square", Backend.GPU, DataLayout.ALL_LAYOUT, _INT_COMPLEX_GPU)
def square_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.square(dev_ctx.xp, x.data, data)


@register_kernel("reciprocal", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
@register_kernel("reciprocal", Backend.GPU, DataLayout.ALL_LAYOUT, _HALF_COMPLEX)
def reciprocal_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.reciprocal(dev_ctx.xp, x.data, data)


@register_kernel("floor", Backend.CPU, DataLayout.ALL_LAYOUT, _ROUND_CPU)
@register_kernel("floor", Backend.GPU, DataLayout.ALL_LAYOUT, _ROUND_GPU)
def floor_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.floor(dev_ctx.xp, x.data, data)


@register_kernel("ceil", Backend.CPU, DataLayout.ALL_LAYOUT, _ROUND_CPU)
@register_kernel("ceil", Backend.GPU, DataLayout.ALL_LAYOUT, _ROUND_GPU)
def ceil_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.ceil(dev_ctx.xp, x.data, data)


@register_kernel("sin", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
@register_kernel("sin", Backend.GPU, DataLayout.ALL_LAYOUT, _HALF_COMPLEX)
def sin_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.sin(dev_ctx.xp, x.data, data)


@register_kernel("cos", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
@register_kernel("cos", Backend.GPU, DataLayout.ALL_LAYOUT, _HALF_COMPLEX)
def cos_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.cos(dev_ctx.xp, x.data, data)


@register_kernel("relu", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("relu", Backend.GPU, DataLayout.ALL_LAYOUT, _RELU_GPU)
def relu_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_funcs.relu(dev_ctx.xp, x.data, data)


@register_kernel("sigmoid", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
@register_kernel("sigmoid", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT_HALF)
def sigmoid_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_funcs.sigmoid(dev_ctx.xp, x.data, data)


@register_kernel("tanh", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
@register_kernel("tanh", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT_HALF)
def tanh_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_funcs.tanh(dev_ctx.xp, x.data, data)


@register_kernel("sign", Backend.CPU, DataLayout.ALL_LAYOUT, _SIGN_CPU)
@register_kernel("sign", Backend.GPU, DataLayout.ALL_LAYOUT, _SIGN_GPU)
def sign_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_funcs.sign(dev_ctx.xp, x.data, data)


@register_kernel("logit", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("logit", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def logit_kernel(dev_ctx: DeviceContext, x: DenseTensor, eps: float, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_funcs.logit(dev_ctx.xp, x.data, eps, data)


@register_kernel("softsign", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
@register_kernel("softsign", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
def softsign_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_funcs.softsign(dev_ctx.xp, x.data, data)


@register_kernel("selu", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("selu", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def selu_kernel(dev_ctx: DeviceContext, x: DenseTensor, scale: float, alpha: float,
                out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_funcs.selu(dev_ctx.xp, x.data, scale, alpha, data)


@register_kernel("hardtanh", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("hardtanh", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def hardtanh_kernel(dev_ctx: DeviceContext, x: DenseTensor, t_min: float, t_max: float,
                    out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_funcs.hardtanh(dev_ctx.xp, x.data, t_min, t_max, data)


@register_kernel("stanh", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
@register_kernel("stanh", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
def stanh_kernel(dev_ctx: DeviceContext, x: DenseTensor, scale_a: float, scale_b: float,
                 out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_funcs.stanh(dev_ctx.xp, x.data, scale_a, scale_b, data)


@register_kernel("tanh_shrink", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("tanh_shrink", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def tanh_shrink_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_funcs.tanh_shrink(dev_ctx.xp, x.data, data)


@register_kernel("hardshrink", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("hardshrink", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def hardshrink_kernel(dev_ctx: DeviceContext, x: DenseTensor, threshold: float,
                      out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_funcs.hardshrink(dev_ctx.xp, x.data, threshold, data)


@register_kernel("softshrink", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("softshrink", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def softshrink_kernel(dev_ctx: DeviceContext, x: DenseTensor, lambda_: float,
                      out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_funcs.softshrink(dev_ctx.xp, x.data, lambda_, data)


@register_kernel("thresholded_relu", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("thresholded_relu", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def thresholded_relu_kernel(dev_ctx: DeviceContext, x: DenseTensor, threshold: float,
                            value: float, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_funcs.thresholded_relu(dev_ctx.xp, x.data, threshold, value, data)


@register_kernel("maxout", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("maxout", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def maxout_kernel(dev_ctx: DeviceContext, x: DenseTensor, groups: int, axis: int,
                  out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_funcs.maxout(dev_ctx.xp, x.data, groups, axis, data)
