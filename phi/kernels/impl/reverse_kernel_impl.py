"""reverse: one body for every backend (math in phi.kernels.funcs.manipulation)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import manipulation as manip_funcs

_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT32, DataType.INT64, DataType.FLOAT32,
          DataType.FLOAT64]


@register_kernel("reverse", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES)
@register_kernel("reverse", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES)
def reverse_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: list[int],
                   out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    manip_funcs.reverse(dev_ctx.xp, x.data, axis, data)
