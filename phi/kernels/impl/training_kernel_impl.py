"""Training kernels: the loss, the backward kernels of the everyday ops, the optimizer
updates and the random initializers. Inputs of an in-place update are read before any
output is allocated (ParamOut is Param's own tensor)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import activation as act_funcs
from phi.kernels.funcs import elementwise as ew_funcs
from phi.kernels.funcs import loss as loss_funcs
from phi.kernels.funcs import matmul as matmul_funcs
from phi.kernels.funcs import optimizer as opt_funcs
from phi.kernels.funcs import random as random_funcs
from phi.kernels.funcs import reduce as reduce_funcs

_FLOAT = [DataType.FLOAT32, DataType.FLOAT64]


@register_kernel("relu_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("relu_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def relu_grad_kernel(dev_ctx: DeviceContext, out: DenseTensor, out_grad: DenseTensor,
                     x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    act_funcs.relu_grad(dev_ctx.xp, out.data, out_grad.data, data)


@register_kernel("add_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("add_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def add_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                    out_grad: DenseTensor, axis: int, x_grad: OptionalOutTensor,
                    y_grad: OptionalOutTensor) -> None:
    dx = None if x_grad is None else dev_ctx.alloc(x_grad, out_grad.dtype)
    dy = None if y_grad is None else dev_ctx.alloc(y_grad, out_grad.dtype)
    ew_funcs.add_grad(dev_ctx.xp, x.data, y.data, out_grad.data, axis, dx, dy)


@register_kernel("matmul_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("matmul_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def matmul_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                       out_grad: DenseTensor, transpose_x: bool, transpose_y: bool,
                       x_grad: OptionalOutTensor, y_grad: OptionalOutTensor) -> None:
    dx = None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype)
    dy = None if y_grad is None else dev_ctx.alloc(y_grad, y.dtype)
    matmul_funcs.matmul_grad(dev_ctx.xp, x.data, y.data, out_grad.data, transpose_x,
                             transpose_y, dx, dy)


@register_kernel("mean_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("mean_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def mean_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                     axis: IntArray, keepdim: bool, reduce_all: bool,
                     x_grad: OutTensor) -> None:
    axes = reduce_funcs.reduce_axes(len(x.dims), axis.get_data(), reduce_all)
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    reduce_funcs.reduce_mean_grad(dev_ctx.xp, x.data, out_grad.data, axes, data)


@register_kernel("cross_entropy_with_softmax", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("cross_entropy_with_softmax", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def cross_entropy_with_softmax_kernel(dev_ctx: DeviceContext, input: DenseTensor,
                                      label: DenseTensor, soft_label: bool, use_softmax: bool,
                                      numeric_stable_mode: bool, ignore_index: int, axis: int,
                                      softmax: OutTensor, loss: OutTensor) -> None:
    sm = dev_ctx.alloc(softmax, input.dtype)
    ls = dev_ctx.alloc(loss, input.dtype)
    loss_funcs.softmax_with_cross_entropy(dev_ctx.xp, input.data, label.data, soft_label,
                                          use_softmax, ignore_index, axis, sm, ls)


@register_kernel("cross_entropy_with_softmax_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("cross_entropy_with_softmax_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def cross_entropy_with_softmax_grad_kernel(dev_ctx: DeviceContext, label: DenseTensor,
                                           softmax: DenseTensor, loss_grad: DenseTensor,
                                           soft_label: bool, use_softmax: bool,
                                           numeric_stable_mode: bool, ignore_index: int,
                                           axis: int, input_grad: OutTensor) -> None:
    data = dev_ctx.alloc(input_grad, softmax.dtype)
    loss_funcs.softmax_with_cross_entropy_grad(dev_ctx.xp, label.data, softmax.data,
                                               loss_grad.data, soft_label, use_softmax,
                                               ignore_index, axis, data)


@register_kernel("sgd", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("sgd", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def sgd_kernel(dev_ctx: DeviceContext, param: DenseTensor, learning_rate: DenseTensor,
               grad: DenseTensor, master_param: DenseTensor | None, multi_precision: bool,
               param_out: OutTensor, master_param_out: OptionalOutTensor) -> None:
    if multi_precision:
        raise ValueError("sgd: multi_precision (a master copy) is not supported")
    p, lr, g = param.data, learning_rate.data, grad.data
    opt_funcs.sgd(dev_ctx.xp, p, lr, g, dev_ctx.alloc(param_out, param.dtype))


@register_kernel("adam", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("adam", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def adam_kernel(dev_ctx: DeviceContext, param: DenseTensor, grad: DenseTensor,
                learning_rate: DenseTensor, moment1: DenseTensor, moment2: DenseTensor,
                moment2_max: DenseTensor | None, beta1_pow: DenseTensor,
                beta2_pow: DenseTensor, master_param: DenseTensor | None,
                skip_update: DenseTensor | None, beta1: Scalar, beta2: Scalar,
                epsilon: Scalar, lazy_mode: bool, min_row_size_to_use_multithread: int,
                multi_precision: bool, use_global_beta_pow: bool, amsgrad: bool,
                param_out: OutTensor, moment1_out: OutTensor, moment2_out: OutTensor,
                moment2_max_out: OptionalOutTensor, beta1_pow_out: OutTensor,
                beta2_pow_out: OutTensor, master_param_out: OptionalOutTensor) -> None:
    """multi_precision as Paddle's CPU kernel: Param updates from Param; master_param_out,
    where asked for, gets param_out."""
    m2_max = opt_funcs.amsgrad_max("adam", amsgrad, moment2_max, moment2_max_out)
    arrays = [t.data for t in (param, grad, learning_rate, moment1, moment2, beta1_pow,
                               beta2_pow)]
    outs = [dev_ctx.alloc(out, src.dtype)
            for out, src in ((param_out, param), (moment1_out, moment1),
                             (moment2_out, moment2), (beta1_pow_out, beta1_pow),
                             (beta2_pow_out, beta2_pow))]
    max_out = None if m2_max is None else dev_ctx.alloc(moment2_max_out, moment2.dtype)
    if skip_update is not None and bool(skip_update.numpy().reshape(-1)[0]):
        for out, src in zip(outs, (arrays[0], *arrays[3:])):
            out[...] = src
        if max_out is not None:
            max_out[...] = m2_max
    else:
        opt_funcs.adam(dev_ctx.xp, *arrays, beta1.to(float), beta2.to(float),
                       epsilon.to(float), *outs, update_pows=not use_global_beta_pow,
                       moment2_max=m2_max, moment2_max_out=max_out)
    if master_param_out is not None:
        dev_ctx.alloc(master_param_out, param.dtype)[...] = outs[0]


@register_kernel("uniform", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("uniform", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def uniform_kernel(dev_ctx: DeviceContext, shape: IntArray, dtype: DataType, min: Scalar,
                   max: Scalar, seed: int, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, dtype, tuple(shape.get_data()))
    random_funcs.uniform(dev_ctx.xp, min.to(float), max.to(float), seed, data)


@register_kernel("gaussian", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("gaussian", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def gaussian_kernel(dev_ctx: DeviceContext, shape: IntArray, mean: float, std: float, seed: int,
                    dtype: DataType, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, dtype, tuple(shape.get_data()))
    random_funcs.gaussian(dev_ctx.xp, mean, std, seed, data)
