"""greater_equal: out = x >= y element-wise (bool).

`greater_equal` broadcasts NumPy-style; `greater_equal_raw` aligns y with x at dimension `axis`
(fluid's compare ops carry that attribute).
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import compare as compare_funcs

_CPU_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32,
              DataType.FLOAT64]
_GPU_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT16, DataType.FLOAT32, DataType.FLOAT64]


@register_kernel("greater_equal_raw", Backend.CPU, DataLayout.ALL_LAYOUT, _CPU_TYPES)
@register_kernel("greater_equal_raw", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU_TYPES)
def greater_equal_raw_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, axis: int,
                             out: OutTensor) -> None:
    data = dev_ctx.alloc(out, DataType.BOOL)
    compare_funcs.greater_equal(dev_ctx.xp, x.data, y.data, axis, data)


@register_kernel("greater_equal", Backend.CPU, DataLayout.ALL_LAYOUT, _CPU_TYPES)
@register_kernel("greater_equal", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU_TYPES)
def greater_equal_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                         out: OutTensor) -> None:
    data = dev_ctx.alloc(out, DataType.BOOL)
    compare_funcs.greater_equal(dev_ctx.xp, x.data, y.data, -1, data)
