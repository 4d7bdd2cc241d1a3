"""pool2d: max / avg pooling (global, adaptive, ceil mode), one body for every backend."""

from __future__ import annotations

from phi.common import Backend, DataLayout, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import pooling as pool_funcs
from phi.kernels.impl.dtype_sets import FLOAT_HALF


@register_kernel("pool2d", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_HALF)
@register_kernel("pool2d", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF)
def pool2d_kernel(dev_ctx: DeviceContext, x: DenseTensor, kernel_size: IntArray,
                  strides: list[int], paddings: list[int], ceil_mode: bool, exclusive: bool,
                  data_format: str, pooling_type: str, global_pooling: bool, adaptive: bool,
                  padding_algorithm: str, out: OutTensor) -> None:
    xd = x.data
    data = dev_ctx.alloc(out, x.dtype)
    pool_funcs.pool2d(dev_ctx.xp, xd, kernel_size.get_data(), strides, paddings, ceil_mode,
                      exclusive, data_format, pooling_type, global_pooling, adaptive,
                      padding_algorithm, data, dev_ctx.workspace)
