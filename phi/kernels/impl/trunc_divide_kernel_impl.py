"""trunc_divide: one body for every backend (math in phi.kernels.funcs.elementwise)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import elementwise as ew_funcs

_TYPES = [DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.BFLOAT16,
          DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64]


@register_kernel("trunc_divide", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES)
@register_kernel("trunc_divide", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES)
def trunc_divide_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                        out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    ew_funcs.trunc_divide(dev_ctx.xp, x.data, y.data, -1, data)
