"""conv2d_transpose, depthwise_conv2d_transpose and conv3d_transpose: one body for every
backend and op (each takes a 4-D or 5-D x, as in Paddle).

The kernel sets the output dims itself (output_size / output_padding included); math in
phi.kernels.funcs.conv_transpose.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import conv_transpose as ct_funcs
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_HALF


def _conv_transpose(op: str, dev_ctx: DeviceContext, x: DenseTensor, filter: DenseTensor,
                    strides: list[int], paddings: list[int], output_padding: list[int],
                    output_size: list[int], padding_algorithm: str, groups: int,
                    dilations: list[int], data_format: str, out: OutTensor) -> None:
    """Any of the three ops on a 4-D or 5-D x (the rank is x's, not the op's)."""
    dims = ct_funcs.conv_transpose_out_dims(x.dims, filter.dims, strides, paddings,
                                            output_padding, output_size, padding_algorithm,
                                            groups, dilations, data_format, op)
    data = dev_ctx.alloc(out, x.dtype, dims)
    ct_funcs.conv_transpose(dev_ctx.xp, x.data, filter.data, strides, paddings,
                            padding_algorithm, groups, dilations, data_format, data, op)


@register_kernel("conv2d_transpose", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("conv2d_transpose", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF)
def conv2d_transpose_kernel(dev_ctx: DeviceContext, x: DenseTensor, filter: DenseTensor,
                            strides: list[int], paddings: list[int], output_padding: list[int],
                            output_size: list[int], padding_algorithm: str, groups: int,
                            dilations: list[int], data_format: str, out: OutTensor) -> None:
    _conv_transpose("conv2d_transpose", dev_ctx, x, filter, strides, paddings, output_padding,
                    output_size, padding_algorithm, groups, dilations, data_format, out)


@register_kernel("depthwise_conv2d_transpose", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("depthwise_conv2d_transpose", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF)
def depthwise_conv2d_transpose_kernel(dev_ctx: DeviceContext, x: DenseTensor,
                                      filter: DenseTensor, strides: list[int],
                                      paddings: list[int], output_padding: list[int],
                                      output_size: list[int], padding_algorithm: str,
                                      groups: int, dilations: list[int], data_format: str,
                                      out: OutTensor) -> None:
    _conv_transpose("depthwise_conv2d_transpose", dev_ctx, x, filter, strides, paddings,
                    output_padding, output_size, padding_algorithm, groups, dilations,
                    data_format, out)


@register_kernel("conv3d_transpose", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("conv3d_transpose", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def conv3d_transpose_kernel(dev_ctx: DeviceContext, x: DenseTensor, filter: DenseTensor,
                            strides: list[int], paddings: list[int], output_padding: list[int],
                            output_size: list[int], padding_algorithm: str, groups: int,
                            dilations: list[int], data_format: str, out: OutTensor) -> None:
    _conv_transpose("conv3d_transpose", dev_ctx, x, filter, strides, paddings, output_padding,
                    output_size, padding_algorithm, groups, dilations, data_format, out)
