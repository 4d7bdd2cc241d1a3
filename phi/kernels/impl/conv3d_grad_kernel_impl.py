"""conv3d_grad: one body for every backend (conv2d's grad, N-d: phi.kernels.funcs.conv_grad)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import conv_grad as conv_grad_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("conv3d_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("conv3d_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def conv3d_grad_kernel(dev_ctx: DeviceContext, input: DenseTensor, filter: DenseTensor,
                       output_grad: DenseTensor, strides: list[int], paddings: list[int],
                       padding_algorithm: str, groups: int, dilations: list[int],
                       data_format: str, input_grad: OptionalOutTensor,
                       filter_grad: OptionalOutTensor) -> None:
    dx = None if input_grad is None else dev_ctx.alloc(input_grad, input.dtype)
    dw = None if filter_grad is None else dev_ctx.alloc(filter_grad, filter.dtype)
    conv_grad_funcs.conv_grad(dev_ctx.xp, input.data, filter.data, output_grad.data, strides,
                              paddings, padding_algorithm, dilations, groups, data_format,
                              dx, dw)
