"""slice: one body for every backend."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import slice as slice_funcs

_CPU_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16,
              DataType.BFLOAT16, DataType.COMPLEX64, DataType.COMPLEX128]
_GPU_TYPES = [t for t in _CPU_TYPES if t is not DataType.BFLOAT16]


@register_kernel("slice", Backend.CPU, DataLayout.ALL_LAYOUT, _CPU_TYPES)
@register_kernel("slice", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU_TYPES)
def slice_kernel(dev_ctx: DeviceContext, input: DenseTensor, axes: list[int],
                 starts: IntArray, ends: IntArray, infer_flags: list[int],
                 decrease_axis: list[int], out: OutTensor) -> None:
    # out's dims (decrease_axis applied) come from InferMeta; infer_flags only matter then
    data = dev_ctx.alloc(out, input.dtype)
    slice_funcs.slice_window(dev_ctx.xp, input.data, axes, starts.get_data(), ends.get_data(),
                             data)
