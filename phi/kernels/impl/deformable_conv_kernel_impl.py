"""deformable_conv (Mask optional: deformable_conv_v1 maps here without it); one body for
every backend (math in phi.kernels.funcs.conv)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import conv as conv_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("deformable_conv", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("deformable_conv", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def deformable_conv_kernel(dev_ctx: DeviceContext, x: DenseTensor, offset: DenseTensor,
                           filter: DenseTensor, mask: DenseTensor | None, strides: list[int],
                           paddings: list[int], dilations: list[int], deformable_groups: int,
                           groups: int, im2col_step: int, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    conv_funcs.deformable_conv(dev_ctx.xp, x.data, offset.data, filter.data,
                               None if mask is None else mask.data, strides, paddings,
                               dilations, groups, deformable_groups, data, dev_ctx.workspace)
