"""conv2d_transpose_grad, depthwise_conv2d_transpose_grad and conv3d_transpose_grad, one body
for every backend (phi.kernels.funcs.conv_transpose_grad)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import conv_transpose_grad as ct_grad_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("conv2d_transpose_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("conv2d_transpose_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("depthwise_conv2d_transpose_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("depthwise_conv2d_transpose_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("conv3d_transpose_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("conv3d_transpose_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def conv2d_transpose_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, filter: DenseTensor,
                                 out_grad: DenseTensor, strides: list[int],
                                 paddings: list[int], output_padding: list[int],
                                 output_size: list[int], padding_algorithm: str, groups: int,
                                 dilations: list[int], data_format: str,
                                 x_grad: OptionalOutTensor,
                                 filter_grad: OptionalOutTensor) -> None:
    """output_padding / output_size only sized the forward's output (out_grad's dims)."""
    dx = None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype)
    dw = None if filter_grad is None else dev_ctx.alloc(filter_grad, filter.dtype)
    ct_grad_funcs.conv_transpose_grad(dev_ctx.xp, x.data, filter.data, out_grad.data, strides,
                                      paddings, padding_algorithm, groups, dilations,
                                      data_format, dx, dw)
