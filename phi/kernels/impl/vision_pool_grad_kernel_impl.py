"""pool3d_grad, max_pool2d_with_index_grad / max_pool3d_with_index_grad, unpool_grad /
unpool3d_grad and maxout_grad: one body for every backend
(phi.kernels.funcs.vision_pool_grad). The with-index grads read the Mask alone (the windows
only shaped it); the unpool grads neither the pooling window nor data_format (as the
forward)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import vision_pool_grad as pool_grad_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("pool3d_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT16, DataType.FLOAT32, DataType.FLOAT64])
@register_kernel("pool3d_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT16, DataType.FLOAT32, DataType.FLOAT64])
def pool3d_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: DenseTensor,
                       out_grad: DenseTensor, ksize: list[int], strides: list[int],
                       paddings: list[int], ceil_mode: bool, exclusive: bool, data_format: str,
                       pooling_type: str, global_pooling: bool, adaptive: bool,
                       padding_algorithm: str, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    pool_grad_funcs.pool_nd_grad(dev_ctx.xp, x.data, out.data, out_grad.data, ksize, strides,
                                 paddings, ceil_mode, exclusive, data_format, pooling_type,
                                 global_pooling, adaptive, padding_algorithm, data)


@register_kernel("max_pool2d_with_index_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("max_pool2d_with_index_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def max_pool2d_with_index_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, mask: DenseTensor,
                                      out_grad: DenseTensor, ksize: list[int],
                                      strides: list[int], paddings: list[int],
                                      global_pooling: bool, adaptive: bool, ceil_mode: bool,
                                      x_grad: OutTensor) -> None:
    """max_pool2d_with_index_grad and max_pool3d_with_index_grad (the same math)."""
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    pool_grad_funcs.max_pool_with_index_grad(dev_ctx.xp, mask.data, out_grad.data, data)


@register_kernel("max_pool3d_with_index_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("max_pool3d_with_index_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def max_pool3d_with_index_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, mask: DenseTensor,
                                      out_grad: DenseTensor, ksize: list[int],
                                      strides: list[int], paddings: list[int],
                                      global_pooling: bool, adaptive: bool, ceil_mode: bool,
                                      x_grad: OutTensor) -> None:
    """max_pool2d_with_index_grad and max_pool3d_with_index_grad (the same math)."""
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    pool_grad_funcs.max_pool_with_index_grad(dev_ctx.xp, mask.data, out_grad.data, data)


@register_kernel("unpool_grad", Backend.CPU, DataLayout.ALL_LAYOUT, [*FLOAT, DataType.INT64])
@register_kernel("unpool_grad", Backend.GPU, DataLayout.ALL_LAYOUT, [*FLOAT, DataType.INT64])
def unpool_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, indices: DenseTensor,
                       out: DenseTensor, out_grad: DenseTensor, ksize: list[int],
                       strides: list[int], paddings: list[int], output_size: list[int],
                       data_format: str, x_grad: OutTensor) -> None:
    """unpool_grad and unpool3d_grad (the same math)."""
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    pool_grad_funcs.unpool_grad(dev_ctx.xp, indices.data, out_grad.data, data, "unpool_grad")


@register_kernel("unpool3d_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 [*FLOAT, DataType.INT64])
@register_kernel("unpool3d_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 [*FLOAT, DataType.INT64])
def unpool3d_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, indices: DenseTensor,
                         out: DenseTensor, out_grad: DenseTensor, ksize: list[int],
                         strides: list[int], paddings: list[int], output_size: list[int],
                         data_format: str, x_grad: OutTensor) -> None:
    """unpool_grad and unpool3d_grad (the same math)."""
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    pool_grad_funcs.unpool_grad(dev_ctx.xp, indices.data, out_grad.data, data,
                                "unpool3d_grad")


@register_kernel("maxout_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("maxout_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def maxout_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: DenseTensor,
                       out_grad: DenseTensor, groups: int, axis: int,
                       x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    pool_grad_funcs.maxout_grad(dev_ctx.xp, x.data, out.data, out_grad.data, groups, axis,
                                data)
