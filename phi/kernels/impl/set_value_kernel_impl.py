"""set_value (the value from `values` in `shape`) and set_value_with_tensor (from a tensor):
one body for every backend (math in phi.kernels.funcs.creation)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, IntArray, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import creation as creation_funcs
from phi.kernels.impl.dtype_sets import ALL_TYPES, ALL_TYPES_NO_BF16


@register_kernel("set_value", Backend.CPU, DataLayout.ALL_LAYOUT, ALL_TYPES)
@register_kernel("set_value", Backend.GPU, DataLayout.ALL_LAYOUT, ALL_TYPES_NO_BF16)
def set_value_kernel(dev_ctx: DeviceContext, x: DenseTensor, starts: IntArray, ends: IntArray,
                     steps: IntArray, axes: list[int], decrease_axes: list[int],
                     none_axes: list[int], shape: list[int], values: list[Scalar],
                     out: OutTensor) -> None:
    value = creation_funcs.set_value_array(shape, x.dtype, values)
    data = dev_ctx.alloc(out, x.dtype)
    creation_funcs.set_value(dev_ctx.xp, x.data, value, axes, starts.get_data(),
                             ends.get_data(), steps.get_data(), decrease_axes, none_axes, data)


@register_kernel("set_value_with_tensor", Backend.CPU, DataLayout.ALL_LAYOUT, ALL_TYPES)
@register_kernel("set_value_with_tensor", Backend.GPU, DataLayout.ALL_LAYOUT, ALL_TYPES_NO_BF16)
def set_value_with_tensor_kernel(dev_ctx: DeviceContext, x: DenseTensor, values: DenseTensor,
                                 starts: IntArray, ends: IntArray, steps: IntArray,
                                 axes: list[int], decrease_axes: list[int],
                                 none_axes: list[int], out: OutTensor) -> None:
    creation_funcs.check_value_dtype(x.dtype, values.dtype)
    data = dev_ctx.alloc(out, x.dtype)
    creation_funcs.set_value(dev_ctx.xp, x.data, values.data, axes, starts.get_data(),
                             ends.get_data(), steps.get_data(), decrease_axes, none_axes, data)
