"""pool3d and max_pool2d_with_index / max_pool3d_with_index: one body for every backend
(window rules in phi.kernels.funcs.pooling_nd)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import pooling_nd as pool_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("pool3d", Backend.CPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT16, DataType.FLOAT32, DataType.FLOAT64])
@register_kernel("pool3d", Backend.GPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT16, DataType.FLOAT32, DataType.FLOAT64])
def pool3d_kernel(dev_ctx: DeviceContext, x: DenseTensor, ksize: list[int], strides: list[int],
                  paddings: list[int], ceil_mode: bool, exclusive: bool, data_format: str,
                  pooling_type: str, global_pooling: bool, adaptive: bool, padding_algorithm: str,
                  out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    pool_funcs.pool_nd(dev_ctx.xp, x.data, ksize, strides, paddings, ceil_mode, exclusive,
                       data_format, pooling_type, global_pooling, adaptive,
                       padding_algorithm, data, "pool3d", dev_ctx.workspace)


@register_kernel("max_pool2d_with_index", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("max_pool2d_with_index", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def max_pool2d_with_index_kernel(dev_ctx: DeviceContext, x: DenseTensor, ksize: list[int],
                                 strides: list[int], paddings: list[int], global_pooling: bool,
                                 adaptive: bool, ceil_mode: bool, out: OutTensor,
                                 mask: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    mask_data = dev_ctx.alloc(mask, DataType.INT32)
    pool_funcs.max_pool_with_index(dev_ctx.xp, x.data, ksize, strides, paddings, global_pooling,
                                   adaptive, ceil_mode, data, mask_data)


@register_kernel("max_pool3d_with_index", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("max_pool3d_with_index", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def max_pool3d_with_index_kernel(dev_ctx: DeviceContext, x: DenseTensor, ksize: list[int],
                                 strides: list[int], paddings: list[int], global_pooling: bool,
                                 adaptive: bool, ceil_mode: bool, out: OutTensor,
                                 mask: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    mask_data = dev_ctx.alloc(mask, DataType.INT32)
    pool_funcs.max_pool_with_index(dev_ctx.xp, x.data, ksize, strides, paddings, global_pooling,
                                   adaptive, ceil_mode, data, mask_data)
