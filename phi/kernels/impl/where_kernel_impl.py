"""where: out = x where condition is true, else y."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import compare as compare_funcs

_CPU_TYPES = [DataType.BOOL, DataType.INT32, DataType.INT64, DataType.FLOAT32,
              DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128]
_GPU_TYPES = [DataType.BOOL, DataType.INT32, DataType.INT64, DataType.FLOAT16,
              DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128]


@register_kernel("where", Backend.CPU, DataLayout.ALL_LAYOUT, _CPU_TYPES)
@register_kernel("where", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU_TYPES)
def where_kernel(dev_ctx: DeviceContext, condition: DenseTensor, x: DenseTensor,
                 y: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    compare_funcs.where(dev_ctx.xp, condition.data, x.data, y.data, data)
