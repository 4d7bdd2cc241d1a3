"""unsqueeze: the data is copied into out's dims (set by InferMeta)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import squeeze as sq_funcs

#: Paddle's CPU unsqueeze kernel has no float16 registration, its GPU one no bfloat16
_CPU_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT32, DataType.FLOAT64, DataType.BFLOAT16,
              DataType.COMPLEX64, DataType.COMPLEX128]
_GPU_TYPES = [t for t in _CPU_TYPES if t is not DataType.BFLOAT16] + [DataType.FLOAT16]


@register_kernel("unsqueeze", Backend.CPU, DataLayout.ALL_LAYOUT, _CPU_TYPES)
@register_kernel("unsqueeze", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU_TYPES)
def unsqueeze_kernel(dev_ctx: DeviceContext, x: DenseTensor, axes: IntArray,
                     out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    sq_funcs.reshape_copy(x.data, data)
