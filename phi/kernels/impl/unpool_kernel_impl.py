"""unpool / unpool3d: one body for every backend (phi.kernels.funcs.pooling_nd.unpool)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import pooling_nd as pool_funcs


@register_kernel("unpool", Backend.CPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64, DataType.INT64])
@register_kernel("unpool", Backend.GPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64, DataType.INT64])
def unpool_kernel(dev_ctx: DeviceContext, x: DenseTensor, indices: DenseTensor, ksize: list[int],
                  strides: list[int], paddings: list[int], output_size: list[int], data_format: str,
                  out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    pool_funcs.unpool(dev_ctx.xp, x.data, indices.data, ksize, strides, paddings, output_size,
                      data_format, data, "unpool")


@register_kernel("unpool3d", Backend.CPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64, DataType.INT64])
@register_kernel("unpool3d", Backend.GPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64, DataType.INT64])
def unpool3d_kernel(dev_ctx: DeviceContext, x: DenseTensor, indices: DenseTensor, ksize: list[int],
                    strides: list[int], paddings: list[int], output_size: list[int],
                    data_format: str, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    pool_funcs.unpool(dev_ctx.xp, x.data, indices.data, ksize, strides, paddings, output_size,
                      data_format, data, "unpool3d")
