"""label_smooth_grad: x_grad = (1 - epsilon) * out_grad, one body for every backend."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import label_smooth_grad as smooth_grad_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("label_smooth_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("label_smooth_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def label_smooth_grad_kernel(dev_ctx: DeviceContext, out_grad: DenseTensor, epsilon: float,
                             x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    smooth_grad_funcs.label_smooth_grad(dev_ctx.xp, out_grad.data, epsilon, data)
