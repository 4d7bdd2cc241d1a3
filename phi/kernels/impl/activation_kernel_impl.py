"""Unary math and simple activation kernels: out = f(x), x's dims.

- abs: |x|; the modulus for complex x, whose result is real;
- exp: e ** x (float32 for integer x); sqrt: sqrt(x) (NaN for negative x);
  rsqrt: 1 / sqrt(x); log: ln(x) (-inf at 0, NaN for negative x; float32 for integer x);
  square: x * x; reciprocal: 1 / x;
- floor / ceil: x rounded toward -inf / +inf (integers unchanged);
- sin, cos, tanh; sigmoid: 1 / (1 + exp(-x));
- relu: max(x, 0) (NaN gives 0); sign: -1, 0 or 1 by the sign of x (NaN stays NaN).

The one-call kernels above (and softsign, tanh_shrink) are rows of the element-wise tables
(phi.core.kernel_table). More activation kernels (`fluidphi migrate` output of
legacy_fluid/operators/activation_op.py): logit, softsign, selu, hardtanh (fluid's brelu),
stanh, tanh_shrink, hardshrink (fluid's hard_shrink), softshrink, thresholded_relu and maxout.
Math in phi.kernels.funcs.activation.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.core.kernel_table import KernelRow, register_table
from phi.kernels.funcs import activation as act_funcs
from phi.kernels.funcs import unary_math
from phi.kernels.funcs.unary_dtypes import (
    FLOAT,
    FLOAT_COMPLEX,
    FLOAT_HALF,
    HALF_COMPLEX,
    INT,
    INT_COMPLEX_CPU,
    INT_COMPLEX_GPU,
    LOG_CPU,
    RELU_GPU,
    ROUND_CPU,
    ROUND_GPU,
    SIGN_CPU,
    SIGN_GPU,
)
from phi.kernels.impl.elementwise_templates import out_dtype_of, same_dtype

#: (name, funcs function, CPU dtypes, GPU dtypes when they differ)
register_table(same_dtype, [
    KernelRow("sqrt", unary_math.sqrt, FLOAT_COMPLEX, HALF_COMPLEX),
    KernelRow("rsqrt", unary_math.rsqrt, FLOAT, FLOAT_HALF),
    KernelRow("square", unary_math.square, INT_COMPLEX_CPU, INT_COMPLEX_GPU),
    KernelRow("reciprocal", unary_math.reciprocal, FLOAT_COMPLEX, HALF_COMPLEX),
    KernelRow("floor", unary_math.floor, ROUND_CPU, ROUND_GPU),
    KernelRow("ceil", unary_math.ceil, ROUND_CPU, ROUND_GPU),
    KernelRow("sin", unary_math.sin, FLOAT_COMPLEX, HALF_COMPLEX),
    KernelRow("cos", unary_math.cos, FLOAT_COMPLEX, HALF_COMPLEX),
    KernelRow("relu", act_funcs.relu, FLOAT, RELU_GPU),
    KernelRow("sigmoid", act_funcs.sigmoid, FLOAT_COMPLEX, FLOAT_HALF),
    KernelRow("tanh", act_funcs.tanh, FLOAT_COMPLEX, FLOAT_HALF),
    KernelRow("sign", act_funcs.sign, SIGN_CPU, SIGN_GPU),
    KernelRow("softsign", act_funcs.softsign, FLOAT_COMPLEX),
    KernelRow("tanh_shrink", act_funcs.tanh_shrink, FLOAT),
])


#: extra: Out's dtype from X's
register_table(out_dtype_of, [
    KernelRow("exp", unary_math.exp, [*HALF_COMPLEX, *INT], HALF_COMPLEX,
              unary_math.float_out_dtype),
    KernelRow("log", unary_math.log, LOG_CPU, HALF_COMPLEX, unary_math.float_out_dtype),
    KernelRow("abs", unary_math.abs, INT_COMPLEX_CPU, INT_COMPLEX_GPU, unary_math.abs_out_dtype),
])


@register_kernel("logit", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("logit", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def logit_kernel(dev_ctx: DeviceContext, x: DenseTensor, eps: float, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_funcs.logit(dev_ctx.xp, x.data, eps, data)


@register_kernel("selu", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("selu", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def selu_kernel(dev_ctx: DeviceContext, x: DenseTensor, scale: float, alpha: float,
                out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_funcs.selu(dev_ctx.xp, x.data, scale, alpha, data)


@register_kernel("hardtanh", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("hardtanh", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def hardtanh_kernel(dev_ctx: DeviceContext, x: DenseTensor, t_min: float, t_max: float,
                    out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_funcs.hardtanh(dev_ctx.xp, x.data, t_min, t_max, data)


@register_kernel("stanh", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("stanh", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def stanh_kernel(dev_ctx: DeviceContext, x: DenseTensor, scale_a: float, scale_b: float,
                 out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_funcs.stanh(dev_ctx.xp, x.data, scale_a, scale_b, data)


@register_kernel("hardshrink", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("hardshrink", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def hardshrink_kernel(dev_ctx: DeviceContext, x: DenseTensor, threshold: float,
                      out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_funcs.hardshrink(dev_ctx.xp, x.data, threshold, data)


@register_kernel("softshrink", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("softshrink", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def softshrink_kernel(dev_ctx: DeviceContext, x: DenseTensor, lambda_: float,
                      out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_funcs.softshrink(dev_ctx.xp, x.data, lambda_, data)


@register_kernel("thresholded_relu", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("thresholded_relu", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def thresholded_relu_kernel(dev_ctx: DeviceContext, x: DenseTensor, threshold: float,
                            value: float, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_funcs.thresholded_relu(dev_ctx.xp, x.data, threshold, value, data)


@register_kernel("maxout", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("maxout", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def maxout_kernel(dev_ctx: DeviceContext, x: DenseTensor, groups: int, axis: int,
                  out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_funcs.maxout(dev_ctx.xp, x.data, groups, axis, data)
