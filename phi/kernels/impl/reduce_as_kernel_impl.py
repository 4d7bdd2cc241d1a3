"""reduce_as: one body for every backend (math in phi.kernels.funcs.statistics)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import statistics as stat_funcs
from phi.kernels.funcs.reduce import sum_out_dtype

_CPU_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32,
              DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128]
_GPU_TYPES = [t for t in _CPU_TYPES if t is not DataType.BFLOAT16]


@register_kernel("reduce_as", Backend.CPU, DataLayout.ALL_LAYOUT, _CPU_TYPES)
@register_kernel("reduce_as", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU_TYPES)
def reduce_as_kernel(dev_ctx: DeviceContext, x: DenseTensor, target: DenseTensor,
                     out: OutTensor) -> None:
    data = dev_ctx.alloc(out, sum_out_dtype(x.dtype, DataType.UNDEFINED), target.dims)
    stat_funcs.reduce_as(dev_ctx.xp, x.data, target.dims, data)
