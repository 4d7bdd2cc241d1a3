"""layer_norm_grad: the gradients of layer_norm's inputs, one body for every backend."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import layer_norm_grad as ln_grad_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("layer_norm_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("layer_norm_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def layer_norm_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, scale: DenseTensor | None,
                           bias: DenseTensor | None, mean: DenseTensor, variance: DenseTensor,
                           out_grad: DenseTensor, epsilon: float, begin_norm_axis: int,
                           x_grad: OptionalOutTensor, scale_grad: OptionalOutTensor,
                           bias_grad: OptionalOutTensor) -> None:
    scale_data = None if scale is None else scale.data
    ln_grad_funcs.check_scale_grad(scale_data, x_grad, scale_grad)
    dx = None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype)
    dscale = None if scale_grad is None else dev_ctx.alloc(scale_grad, x.dtype)
    dbias = None if bias_grad is None else dev_ctx.alloc(bias_grad, x.dtype)
    ln_grad_funcs.layer_norm_grad(dev_ctx.xp, x.data, scale_data, mean.data, variance.data,
                                  out_grad.data, epsilon, begin_norm_axis, dx, dscale, dbias)
