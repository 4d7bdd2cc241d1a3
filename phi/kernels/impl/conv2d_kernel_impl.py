"""conv2d: one body for every backend (grouped convolution included)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import conv as conv_funcs
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_HALF


@register_kernel("conv2d", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("conv2d", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF)
def conv2d_kernel(dev_ctx: DeviceContext, input: DenseTensor, filter: DenseTensor,
                  strides: list[int], paddings: list[int], padding_algorithm: str,
                  dilations: list[int], groups: int, data_format: str, out: OutTensor) -> None:
    x, w = input.data, filter.data
    data = dev_ctx.alloc(out, input.dtype)
    conv_funcs.conv2d(dev_ctx.xp, x, w, strides, paddings, padding_algorithm, dilations, groups,
                      data_format, data, dev_ctx.workspace)
