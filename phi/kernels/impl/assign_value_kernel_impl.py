"""assign_value: a constant tensor of `shape` and `dtype` from a list of values."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, Scalar
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import assign as assign_funcs

_CPU_TYPES = [DataType.BOOL, DataType.INT8, DataType.INT32, DataType.INT64, DataType.FLOAT16,
              DataType.BFLOAT16, DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64,
              DataType.COMPLEX128]
_GPU_TYPES = [t for t in _CPU_TYPES if t is not DataType.BFLOAT16]


@register_kernel("assign_value", Backend.CPU, DataLayout.ALL_LAYOUT, _CPU_TYPES)
@register_kernel("assign_value", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU_TYPES)
def assign_value_kernel(dev_ctx: DeviceContext, shape: list[int], dtype: DataType,
                        values: list[Scalar], out: OutTensor) -> None:
    data = dev_ctx.alloc(out, dtype, tuple(int(d) for d in shape))
    assign_funcs.assign_value(dev_ctx.xp, shape, dtype, values, data)
