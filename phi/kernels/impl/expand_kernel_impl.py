"""expand: x broadcast to `shape` (right-aligned; -1 keeps x's dim)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import expand as expand_funcs

_CPU_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32,
              DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128]
_GPU_TYPES = [t for t in _CPU_TYPES if t is not DataType.BFLOAT16]


@register_kernel("expand", Backend.CPU, DataLayout.ALL_LAYOUT, _CPU_TYPES)
@register_kernel("expand", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU_TYPES)
def expand_kernel(dev_ctx: DeviceContext, x: DenseTensor, shape: IntArray,
                  out: OutTensor) -> None:
    dims = expand_funcs.expand_dims(x.dims, shape.get_data())
    data = dev_ctx.alloc(out, x.dtype, dims)
    expand_funcs.expand(dev_ctx.xp, x.data, data)
