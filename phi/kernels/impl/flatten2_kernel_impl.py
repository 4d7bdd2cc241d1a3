"""flatten2 (and the v1 `flatten` op): x -> [prod(dims[:axis]), prod(dims[axis:])]."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import flatten as flatten_funcs

_CPU_TYPES = [DataType.FLOAT32, DataType.FLOAT64, DataType.BOOL, DataType.INT8,
              DataType.UINT8, DataType.INT16, DataType.INT32, DataType.INT64]
_GPU_TYPES = [DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.BOOL,
              DataType.INT8, DataType.UINT8, DataType.INT16, DataType.INT32, DataType.INT64]


@register_kernel("flatten2", Backend.CPU, DataLayout.ALL_LAYOUT, _CPU_TYPES)
@register_kernel("flatten2", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU_TYPES)
def flatten2_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: int, out: OutTensor,
                    xshape: OptionalOutTensor) -> None:
    """xshape keeps the dims InferMeta gave it, [0, *x.dims], and no buffer (as Paddle's)."""
    xd = x.data
    data = dev_ctx.alloc(out, x.dtype)
    flatten_funcs.copy_reshaped(dev_ctx.xp, xd, data)
