"""slice: one body for every backend."""

from __future__ import annotations

from phi.common import Backend, DataLayout, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import slice as slice_funcs
from phi.kernels.impl.dtype_sets import (
    BOOL_INTS_FLOAT_HALF_BF16_COMPLEX,
    BOOL_INTS_FLOAT_HALF_COMPLEX,
)


@register_kernel("slice", Backend.CPU, DataLayout.ALL_LAYOUT, BOOL_INTS_FLOAT_HALF_BF16_COMPLEX)
@register_kernel("slice", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INTS_FLOAT_HALF_COMPLEX)
def slice_kernel(dev_ctx: DeviceContext, input: DenseTensor, axes: list[int],
                 starts: IntArray, ends: IntArray, infer_flags: list[int],
                 decrease_axis: list[int], out: OutTensor) -> None:
    # out's dims (decrease_axis applied) come from InferMeta; infer_flags only matter then
    data = dev_ctx.alloc(out, input.dtype)
    slice_funcs.slice_window(dev_ctx.xp, input.data, axes, starts.get_data(), ends.get_data(),
                             data)
