"""flatten (start_axis..stop_axis) and flatten_with_xshape, one body for every backend.

The output is a copy: outputs never share storage with inputs here.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import flatten as flatten_funcs

_CPU_TYPES = [DataType.FLOAT32, DataType.FLOAT64, DataType.BFLOAT16, DataType.BOOL,
              DataType.INT8, DataType.UINT8, DataType.INT16, DataType.INT32, DataType.INT64]
_GPU_TYPES = [DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.BOOL,
              DataType.INT8, DataType.UINT8, DataType.INT16, DataType.INT32, DataType.INT64]


@register_kernel("flatten", Backend.CPU, DataLayout.ALL_LAYOUT, _CPU_TYPES)
@register_kernel("flatten", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU_TYPES)
def flatten_kernel(dev_ctx: DeviceContext, x: DenseTensor, start_axis: int, stop_axis: int,
                   out: OutTensor) -> None:
    xd = x.data
    data = dev_ctx.alloc(out, x.dtype)
    flatten_funcs.copy_reshaped(dev_ctx.xp, xd, data)


@register_kernel("flatten_with_xshape", Backend.CPU, DataLayout.ALL_LAYOUT, _CPU_TYPES)
@register_kernel("flatten_with_xshape", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU_TYPES)
def flatten_with_xshape_kernel(dev_ctx: DeviceContext, x: DenseTensor, start_axis: int,
                               stop_axis: int, out: OutTensor,
                               xshape: OptionalOutTensor) -> None:
    """xshape keeps the dims InferMeta gave it, [0, *x.dims], and no buffer (as Paddle's)."""
    xd = x.data
    data = dev_ctx.alloc(out, x.dtype)
    flatten_funcs.copy_reshaped(dev_ctx.xp, xd, data)
