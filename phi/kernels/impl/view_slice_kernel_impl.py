"""view_slice: one body for every backend (math in phi.kernels.funcs.manipulation)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import manipulation as manip_funcs
from phi.kernels.funcs.cast import FLOAT8_TYPES

_CPU_TYPES = [*manip_funcs.VIEW_TYPES, *FLOAT8_TYPES]


@register_kernel("view_slice", Backend.CPU, DataLayout.ALL_LAYOUT, _CPU_TYPES)
@register_kernel("view_slice", Backend.GPU, DataLayout.ALL_LAYOUT, manip_funcs.VIEW_TYPES)
def view_slice_kernel(dev_ctx: DeviceContext, input: DenseTensor, begin_idx: int, end_idx: int,
                      out: OutTensor) -> None:
    data = dev_ctx.alloc(out, input.dtype)
    manip_funcs.view_slice(dev_ctx.xp, input.data, begin_idx, end_idx, data)
