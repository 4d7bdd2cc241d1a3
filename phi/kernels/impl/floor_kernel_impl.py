"""floor: out = x rounded toward -inf (integers unchanged)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import unary_math

_CPU_TYPES = [DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.BFLOAT16,
              DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64]
_GPU_TYPES = [DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.UINT8, DataType.INT8,
              DataType.INT16, DataType.INT32, DataType.INT64]


@register_kernel("floor", Backend.CPU, DataLayout.ALL_LAYOUT, _CPU_TYPES)
@register_kernel("floor", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU_TYPES)
def floor_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    unary_math.floor(dev_ctx.xp, x.data, data)
