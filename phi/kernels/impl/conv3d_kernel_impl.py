"""conv3d: one body for every backend (im2col + one GEMM, phi.kernels.funcs.conv3d)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import conv3d as conv3d_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("conv3d", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("conv3d", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def conv3d_kernel(dev_ctx: DeviceContext, input: DenseTensor, filter: DenseTensor,
                  strides: list[int], paddings: list[int], padding_algorithm: str, groups: int,
                  dilations: list[int], data_format: str, output: OutTensor) -> None:
    data = dev_ctx.alloc(output, input.dtype)
    conv3d_funcs.conv_nd(dev_ctx.xp, input.data, filter.data, strides, paddings,
                         padding_algorithm, dilations, groups, data_format, data)
