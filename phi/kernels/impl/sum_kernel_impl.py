"""sum and sum_raw (fluid's reduce_sum with reduce_all): one body for every backend."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import reduce as reduce_funcs

_CPU_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16,
              DataType.BFLOAT16, DataType.COMPLEX64, DataType.COMPLEX128]
_GPU_TYPES = [t for t in _CPU_TYPES if t is not DataType.BFLOAT16]


@register_kernel("sum_raw", Backend.CPU, DataLayout.ALL_LAYOUT, _CPU_TYPES)
@register_kernel("sum_raw", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU_TYPES)
def sum_raw_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: IntArray, keepdim: bool,
                   reduce_all: bool, dtype: DataType, out: OutTensor) -> None:
    axes = reduce_funcs.reduce_axes(len(x.dims), axis.get_data(), reduce_all)
    data = dev_ctx.alloc(out, reduce_funcs.sum_out_dtype(x.dtype, dtype))
    reduce_funcs.reduce_sum(dev_ctx.xp, x.data, axes, data)


@register_kernel("sum", Backend.CPU, DataLayout.ALL_LAYOUT, _CPU_TYPES)
@register_kernel("sum", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU_TYPES)
def sum_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: IntArray, dtype: DataType,
               keepdim: bool, out: OutTensor) -> None:
    sum_raw_kernel(dev_ctx, x, axis, keepdim, False, dtype, out)
