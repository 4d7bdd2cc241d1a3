"""share_data: out holds x's values (a copy; phi.kernels.funcs.assign)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import assign as assign_funcs

_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT32, DataType.INT64,
          DataType.FLOAT16, DataType.FLOAT32, DataType.FLOAT64]


@register_kernel("share_data", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES)
@register_kernel("share_data", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES)
def share_data_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    assign_funcs.assign(dev_ctx.xp, x.data, data)
