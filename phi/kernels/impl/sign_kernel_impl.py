"""sign: out = -1, 0 or 1 by the sign of x; NaN stays NaN."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import activation as act_funcs

_CPU_TYPES = [DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64, DataType.UINT8,
              DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.BFLOAT16]
_GPU_TYPES = _CPU_TYPES


@register_kernel("sign", Backend.CPU, DataLayout.ALL_LAYOUT, _CPU_TYPES)
@register_kernel("sign", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU_TYPES)
def sign_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_funcs.sign(dev_ctx.xp, x.data, data)
