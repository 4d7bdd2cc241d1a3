"""transpose: one body for every backend (transpose and transpose2 run it)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import transpose as tr_funcs
from phi.kernels.funcs.cast import FLOAT8_TYPES, WIDE_UNSIGNED_TYPES

_CPU_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, *WIDE_UNSIGNED_TYPES, DataType.FLOAT32, DataType.FLOAT64,
              DataType.FLOAT16, DataType.BFLOAT16, DataType.COMPLEX64, DataType.COMPLEX128]
_GPU_TYPES = [t for t in _CPU_TYPES if t is not DataType.BFLOAT16]


@register_kernel("transpose", Backend.CPU, DataLayout.ALL_LAYOUT, [*_CPU_TYPES, *FLOAT8_TYPES])
@register_kernel("transpose", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU_TYPES)
def transpose_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: list[int],
                     out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    tr_funcs.transpose(dev_ctx.xp, x.data, axis, data)
