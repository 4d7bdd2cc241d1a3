"""gather: slices of x at `index` along `axis` (index keeps its integer type)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import gather as gather_funcs

_CPU_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT32, DataType.FLOAT64, DataType.BFLOAT16,
              DataType.COMPLEX64, DataType.COMPLEX128]
_GPU_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16,
              DataType.COMPLEX64, DataType.COMPLEX128]


@register_kernel("gather", Backend.CPU, DataLayout.ALL_LAYOUT, _CPU_TYPES)
@register_kernel("gather", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU_TYPES)
def gather_kernel(dev_ctx: DeviceContext, x: DenseTensor, index: DenseTensor, axis: Scalar,
                  out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    gather_funcs.gather(dev_ctx.xp, x.data, index.data, axis.to(int), data)
