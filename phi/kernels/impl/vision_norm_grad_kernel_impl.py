"""group_norm_grad, instance_norm_grad, affine_channel_grad, lrn_grad and
spectral_norm_grad: one body for every backend (phi.kernels.funcs.vision_norm_grad).

group_norm_grad reads X and the forward's Mean / Variance (not Y or Bias: the funcs' module
doc); instance_norm_grad's SavedVariance holds 1 / sqrt(var + epsilon), so epsilon is not
read again; lrn_grad's k only shaped the forward's MidOut."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import vision_norm_grad as norm_grad_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("group_norm_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("group_norm_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def group_norm_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, scale: DenseTensor | None,
                           bias: DenseTensor | None, y: DenseTensor, mean: DenseTensor,
                           variance: DenseTensor, y_grad: DenseTensor, epsilon: float,
                           groups: int, data_layout: str, x_grad: OptionalOutTensor,
                           scale_grad: OptionalOutTensor,
                           bias_grad: OptionalOutTensor) -> None:
    dx = None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype)
    ds = None if scale_grad is None else dev_ctx.alloc(scale_grad, x.dtype)
    db = None if bias_grad is None else dev_ctx.alloc(bias_grad, x.dtype)
    norm_grad_funcs.group_norm_grad(dev_ctx.xp, x.data, None if scale is None else scale.data,
                                    mean.data, variance.data, y_grad.data, epsilon, groups,
                                    data_layout, dx, ds, db)


@register_kernel("instance_norm_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("instance_norm_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def instance_norm_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor,
                              scale: DenseTensor | None, bias: DenseTensor | None,
                              saved_mean: DenseTensor, saved_variance: DenseTensor,
                              y_grad: DenseTensor, epsilon: float, x_grad: OptionalOutTensor,
                              scale_grad: OptionalOutTensor,
                              bias_grad: OptionalOutTensor) -> None:
    dx = None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype)
    ds = None if scale_grad is None else dev_ctx.alloc(scale_grad, x.dtype)
    db = None if bias_grad is None else dev_ctx.alloc(bias_grad, x.dtype)
    norm_grad_funcs.instance_norm_grad(dev_ctx.xp, x.data,
                                       None if scale is None else scale.data,
                                       saved_mean.data, saved_variance.data, y_grad.data, dx,
                                       ds, db)


@register_kernel("affine_channel_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("affine_channel_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def affine_channel_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, scale: DenseTensor,
                               bias: DenseTensor, out_grad: DenseTensor, data_layout: str,
                               x_grad: OptionalOutTensor, scale_grad: OptionalOutTensor,
                               bias_grad: OptionalOutTensor) -> None:
    dx = None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype)
    ds = None if scale_grad is None else dev_ctx.alloc(scale_grad, scale.dtype)
    db = None if bias_grad is None else dev_ctx.alloc(bias_grad, scale.dtype)
    norm_grad_funcs.affine_channel_grad(dev_ctx.xp, x.data, scale.data, out_grad.data,
                                        data_layout, dx, ds, db)


@register_kernel("lrn_grad", Backend.CPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
@register_kernel("lrn_grad", Backend.GPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
def lrn_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: DenseTensor,
                    mid_out: DenseTensor, out_grad: DenseTensor, n: int, k: float,
                    alpha: float, beta: float, data_format: str, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, x.dtype)
    norm_grad_funcs.lrn_grad(dev_ctx.xp, x.data, out.data, mid_out.data, out_grad.data, n,
                             alpha, beta, data_format, data)


@register_kernel("spectral_norm_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("spectral_norm_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def spectral_norm_grad_kernel(dev_ctx: DeviceContext, weight: DenseTensor, u: DenseTensor,
                              v: DenseTensor, out_grad: DenseTensor, dim: int,
                              power_iters: int, eps: float, weight_grad: OutTensor) -> None:
    data = dev_ctx.alloc(weight_grad, weight.dtype)
    norm_grad_funcs.spectral_norm_grad(dev_ctx.xp, weight.data, u.data, v.data,
                                       out_grad.data, dim, power_iters, eps, data)
