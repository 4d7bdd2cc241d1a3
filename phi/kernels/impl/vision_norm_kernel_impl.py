"""group_norm and instance_norm: one body for every backend (math in
phi.kernels.funcs.vision_norm)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import vision_norm as norm_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("group_norm", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("group_norm", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def group_norm_kernel(dev_ctx: DeviceContext, x: DenseTensor, scale: DenseTensor | None,
                      bias: DenseTensor | None, epsilon: float, groups: int, data_layout: str,
                      y: OutTensor, mean: OptionalOutTensor, variance: OptionalOutTensor) -> None:
    y_data = dev_ctx.alloc(y, x.dtype)
    mean_data = dev_ctx.alloc(mean, x.dtype) if mean is not None else None
    var_data = dev_ctx.alloc(variance, x.dtype) if variance is not None else None
    norm_funcs.group_norm(dev_ctx.xp, x.data, None if scale is None else scale.data,
                          None if bias is None else bias.data, epsilon, groups,
                          data_layout, y_data, mean_data, var_data)


@register_kernel("instance_norm", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("instance_norm", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def instance_norm_kernel(dev_ctx: DeviceContext, x: DenseTensor, scale: DenseTensor | None,
                         bias: DenseTensor | None, epsilon: float, y: OutTensor,
                         saved_mean: OptionalOutTensor, saved_variance: OptionalOutTensor) -> None:
    y_data = dev_ctx.alloc(y, x.dtype)
    mean_data = (dev_ctx.alloc(saved_mean, x.dtype)
                 if saved_mean is not None else None)
    var_data = (dev_ctx.alloc(saved_variance, x.dtype)
                if saved_variance is not None else None)
    norm_funcs.instance_norm(dev_ctx.xp, x.data, None if scale is None else scale.data,
                             None if bias is None else bias.data, epsilon, y_data,
                             mean_data, var_data)
