"""set_value (the value from `values` in `shape`) and set_value_with_tensor (from a tensor):
one body for every backend (math in phi.kernels.funcs.creation)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import creation as creation_funcs

_CPU_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32,
              DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128]
_GPU_TYPES = [t for t in _CPU_TYPES if t is not DataType.BFLOAT16]


@register_kernel("set_value", Backend.CPU, DataLayout.ALL_LAYOUT, _CPU_TYPES)
@register_kernel("set_value", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU_TYPES)
def set_value_kernel(dev_ctx: DeviceContext, x: DenseTensor, starts: IntArray, ends: IntArray,
                     steps: IntArray, axes: list[int], decrease_axes: list[int],
                     none_axes: list[int], shape: list[int], values: list[Scalar],
                     out: OutTensor) -> None:
    value = creation_funcs.set_value_array(shape, x.dtype, values)
    data = dev_ctx.alloc(out, x.dtype)
    creation_funcs.set_value(dev_ctx.xp, x.data, value, axes, starts.get_data(),
                             ends.get_data(), steps.get_data(), decrease_axes, none_axes, data)


@register_kernel("set_value_with_tensor", Backend.CPU, DataLayout.ALL_LAYOUT, _CPU_TYPES)
@register_kernel("set_value_with_tensor", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU_TYPES)
def set_value_with_tensor_kernel(dev_ctx: DeviceContext, x: DenseTensor, values: DenseTensor,
                                 starts: IntArray, ends: IntArray, steps: IntArray,
                                 axes: list[int], decrease_axes: list[int],
                                 none_axes: list[int], out: OutTensor) -> None:
    creation_funcs.check_value_dtype(x.dtype, values.dtype)
    data = dev_ctx.alloc(out, x.dtype)
    creation_funcs.set_value(dev_ctx.xp, x.data, values.data, axes, starts.get_data(),
                             ends.get_data(), steps.get_data(), decrease_axes, none_axes, data)
