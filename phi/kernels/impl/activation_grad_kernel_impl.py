"""Backward kernels of the activations, unary math ops and softmaxes (backward.yaml names):
x_grad from out_grad and the forward's x or out, most as rows of tables
(phi.core.kernel_table; the float attributes of an op under the names its row gives); the
math is phi.kernels.funcs.activation_grad (relu_grad's beside relu in
phi.kernels.funcs.activation)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.core.kernel_table import KernelRow, register_table
from phi.kernels.funcs import activation as act_funcs
from phi.kernels.funcs import activation_grad as act_grad
from phi.kernels.funcs import unary_math_grad as math_grad
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_COMPLEX, FLOAT_INT
from phi.kernels.impl.unary_math_grad_kernel_impl import REAL_OUT_GRAD_C64, REAL_OUT_GRAD_C128

_NUMERIC = [*FLOAT_COMPLEX, DataType.INT32, DataType.INT64]


def _from_out(row: KernelRow, dev_ctx: DeviceContext, out: DenseTensor, out_grad: DenseTensor,
              x_grad: OutTensor) -> None:
    """x_grad from the forward's out."""
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    row.func(dev_ctx.xp, out.data, out_grad.data, data)


def _from_x(row: KernelRow, dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
            x_grad: OutTensor) -> None:
    """x_grad from the forward's x."""
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    row.func(dev_ctx.xp, x.data, out_grad.data, data)


def _from_out_grad(row: KernelRow, dev_ctx: DeviceContext, out_grad: DenseTensor,
                   x_grad: OutTensor) -> None:
    """x_grad from out_grad alone (the flat ops)."""
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    row.func(dev_ctx.xp, out_grad.data, data)


def _softmax(row: KernelRow, dev_ctx: DeviceContext, out: DenseTensor, out_grad: DenseTensor,
             axis: int, x_grad: OutTensor) -> None:
    """x_grad from the forward's out along `axis`."""
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    row.func(dev_ctx.xp, out.data, out_grad.data, axis, data)


def _from_x_attrs(row: KernelRow, dev_ctx: DeviceContext, x: DenseTensor,
                  out_grad: DenseTensor, *attrs: float, x_grad: OutTensor) -> None:
    """x_grad from the forward's x and the op's float attributes (`row.attrs` names them)."""
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    row.func(dev_ctx.xp, x.data, out_grad.data, *attrs, data)


def _from_out_attrs(row: KernelRow, dev_ctx: DeviceContext, out: DenseTensor,
                    out_grad: DenseTensor, *attrs: float, x_grad: OutTensor) -> None:
    """x_grad from the forward's out and the op's float attributes (`row.attrs` names
    them)."""
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    row.func(dev_ctx.xp, out.data, out_grad.data, *attrs, data)


#: (name, funcs function, dtypes)
register_table(_from_out, [
    KernelRow("relu_grad", act_funcs.relu_grad, FLOAT),
    KernelRow("sigmoid_grad", act_grad.sigmoid_grad, FLOAT_COMPLEX),
    KernelRow("tanh_grad", act_grad.tanh_grad, FLOAT_COMPLEX),
    KernelRow("exp_grad", act_grad.exp_grad, _NUMERIC),
    KernelRow("sqrt_grad", act_grad.sqrt_grad, FLOAT_COMPLEX),
    KernelRow("relu6_grad", act_grad.relu6_grad, FLOAT),
    KernelRow("expm1_grad", math_grad.expm1_grad, [*FLOAT_COMPLEX, DataType.FLOAT16]),
    KernelRow("reciprocal_grad", math_grad.reciprocal_grad, FLOAT_COMPLEX),
    KernelRow("rsqrt_grad", math_grad.rsqrt_grad, FLOAT),
    KernelRow("erfinv_grad", math_grad.erfinv_grad, FLOAT),
])


register_table(_from_x, [
    KernelRow("log_grad", act_grad.log_grad, FLOAT_COMPLEX),
    KernelRow("square_grad", act_grad.square_grad, _NUMERIC),
    KernelRow("swish_grad", act_grad.silu_grad, FLOAT),
    KernelRow("hardswish_grad", act_grad.hardswish_grad, FLOAT_COMPLEX),
    KernelRow("softsign_grad", act_grad.softsign_grad, FLOAT_COMPLEX),
    KernelRow("logsigmoid_grad", act_grad.logsigmoid_grad, FLOAT_COMPLEX),
    KernelRow("tanh_shrink_grad", act_grad.tanh_shrink_grad, FLOAT),
    KernelRow("sin_grad", math_grad.sin_grad, FLOAT_COMPLEX),
    KernelRow("cos_grad", math_grad.cos_grad, FLOAT_COMPLEX),
    KernelRow("tan_grad", math_grad.tan_grad, FLOAT_COMPLEX),
    KernelRow("asin_grad", math_grad.asin_grad, FLOAT_COMPLEX),
    KernelRow("acos_grad", math_grad.acos_grad, FLOAT_COMPLEX),
    KernelRow("atan_grad", math_grad.atan_grad, FLOAT_COMPLEX),
    KernelRow("sinh_grad", math_grad.sinh_grad, FLOAT_COMPLEX),
    KernelRow("cosh_grad", math_grad.cosh_grad, FLOAT_COMPLEX),
    KernelRow("asinh_grad", math_grad.asinh_grad, FLOAT_COMPLEX),
    KernelRow("acosh_grad", math_grad.acosh_grad, FLOAT_COMPLEX),
    KernelRow("atanh_grad", math_grad.atanh_grad, FLOAT_COMPLEX),
    KernelRow("log1p_grad", math_grad.log1p_grad, FLOAT_COMPLEX),
    KernelRow("log2_grad", math_grad.log2_grad, FLOAT_COMPLEX),
    KernelRow("log10_grad", math_grad.log10_grad, FLOAT_COMPLEX),
    KernelRow("erf_grad", math_grad.erf_grad, [*FLOAT, DataType.FLOAT16]),
    KernelRow("lgamma_grad", math_grad.lgamma_grad, FLOAT),
    KernelRow("digamma_grad", math_grad.digamma_grad, FLOAT),
])


register_table(_from_out_grad, [
    KernelRow("ceil_grad", math_grad.zero_times_grad, math_grad.FLAT_GRAD_DTYPES["ceil_grad"]),
    KernelRow("floor_grad", math_grad.zero_times_grad, math_grad.FLAT_GRAD_DTYPES["floor_grad"]),
    KernelRow("round_grad", math_grad.zero_times_grad, math_grad.FLAT_GRAD_DTYPES["round_grad"]),
    KernelRow("rint_grad", math_grad.zero_times_grad, math_grad.FLAT_GRAD_DTYPES["rint_grad"]),
    KernelRow("trunc_grad", math_grad.zeros_grad, math_grad.FLAT_GRAD_DTYPES["trunc_grad"]),
])


register_table(_from_x_attrs, [
    KernelRow("leaky_relu_grad", act_grad.leaky_relu_grad, FLOAT, attrs=("negative_slope",)),
    KernelRow("softplus_grad", act_grad.softplus_grad, FLOAT_COMPLEX,
              attrs=("beta", "threshold")),
    KernelRow("softshrink_grad", act_grad.softshrink_grad, FLOAT, attrs=("lambda_",)),
    KernelRow("hardshrink_grad", act_grad.hardshrink_grad, FLOAT, attrs=("threshold",)),
    KernelRow("stanh_grad", act_grad.stanh_grad, FLOAT_COMPLEX, attrs=("scale_a", "scale_b")),
    KernelRow("hardtanh_grad", act_grad.hardtanh_grad, FLOAT, attrs=("t_min", "t_max")),
    KernelRow("mish_grad", act_grad.mish_grad, FLOAT, attrs=("threshold",)),
    KernelRow("logit_grad", act_grad.logit_grad, FLOAT, attrs=("eps",)),
    KernelRow("celu_grad", act_grad.celu_grad, FLOAT, attrs=("alpha",)),
])


register_table(_from_out_attrs, [
    KernelRow("hardsigmoid_grad", act_grad.hardsigmoid_grad, FLOAT, attrs=("slope", "offset")),
    KernelRow("selu_grad", act_grad.selu_grad, FLOAT, attrs=("scale", "alpha")),
])


register_table(_softmax, [
    KernelRow("softmax_grad", act_grad.softmax_grad, FLOAT),
    KernelRow("log_softmax_grad", act_grad.log_softmax_grad, FLOAT),
])


@register_kernel("silu_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("silu_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def silu_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: DenseTensor,
                     out_grad: DenseTensor, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    act_grad.silu_grad(dev_ctx.xp, x.data, out_grad.data, data)


@register_kernel("gelu_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("gelu_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def gelu_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                     approximate: bool, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    act_grad.gelu_grad(dev_ctx.xp, x.data, out_grad.data, approximate, data)


@register_kernel("thresholded_relu_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("thresholded_relu_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def thresholded_relu_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor,
                                 out_grad: DenseTensor, threshold: float, value: float,
                                 x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    act_grad.thresholded_relu_grad(dev_ctx.xp, x.data, out_grad.data, threshold, data)


@register_kernel("elu_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("elu_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def elu_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: DenseTensor,
                    out_grad: DenseTensor, alpha: float, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    act_grad.elu_grad(dev_ctx.xp, x.data, out.data, out_grad.data, alpha, data)


@register_kernel("swiglu_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("swiglu_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def swiglu_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor | None,
                       out_grad: DenseTensor, x_grad: OptionalOutTensor,
                       y_grad: OptionalOutTensor) -> None:
    dx = None if x_grad is None else dev_ctx.alloc(x_grad, out_grad.dtype)
    dy = None if y_grad is None else dev_ctx.alloc(y_grad, out_grad.dtype)
    act_grad.swiglu_grad(dev_ctx.xp, x.data, None if y is None else y.data, out_grad.data,
                         dx, dy)


# abs_grad of a complex x: out_grad is x's real type, x_grad x's complex type
@register_kernel("abs_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("abs_grad", Backend.CPU, DataLayout.ALL_LAYOUT, DataType.COMPLEX64,
                 arg_overrides=REAL_OUT_GRAD_C64)
@register_kernel("abs_grad", Backend.CPU, DataLayout.ALL_LAYOUT, DataType.COMPLEX128,
                 arg_overrides=REAL_OUT_GRAD_C128)
@register_kernel("abs_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("abs_grad", Backend.GPU, DataLayout.ALL_LAYOUT, DataType.COMPLEX64,
                 arg_overrides=REAL_OUT_GRAD_C64)
@register_kernel("abs_grad", Backend.GPU, DataLayout.ALL_LAYOUT, DataType.COMPLEX128,
                 arg_overrides=REAL_OUT_GRAD_C128)
def abs_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                    x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, x.dtype)
    act_grad.abs_grad(dev_ctx.xp, x.data, out_grad.data, data)
