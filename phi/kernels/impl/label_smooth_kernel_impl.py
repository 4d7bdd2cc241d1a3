"""label_smooth: one body for every backend (math in phi.kernels.funcs.label_smooth)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import label_smooth as smooth_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("label_smooth", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("label_smooth", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def label_smooth_kernel(dev_ctx: DeviceContext, x: DenseTensor, prior_dist: DenseTensor | None,
                        epsilon: float, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    smooth_funcs.label_smooth(dev_ctx.xp, x.data,
                              None if prior_dist is None else prior_dist.data, epsilon,
                              data)
