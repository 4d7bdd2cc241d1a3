"""partial_concat, partial_sum: one body each for every backend (math in
phi.kernels.funcs.manipulation)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import manipulation as manip_funcs

_CONCAT_TYPES = manip_funcs.PARTIAL_CONCAT_TYPES
_SUM_TYPES = manip_funcs.PARTIAL_SUM_TYPES


@register_kernel("partial_concat", Backend.CPU, DataLayout.ALL_LAYOUT, _CONCAT_TYPES)
@register_kernel("partial_concat", Backend.GPU, DataLayout.ALL_LAYOUT, _CONCAT_TYPES)
def partial_concat_kernel(dev_ctx: DeviceContext, x: list[DenseTensor], start_index: int,
                          length: int, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x[0].dtype)
    manip_funcs.partial_concat(dev_ctx.xp, [t.data for t in x], start_index, length, data)


@register_kernel("partial_sum", Backend.CPU, DataLayout.ALL_LAYOUT, _SUM_TYPES)
@register_kernel("partial_sum", Backend.GPU, DataLayout.ALL_LAYOUT, _SUM_TYPES)
def partial_sum_kernel(dev_ctx: DeviceContext, x: list[DenseTensor], start_index: int,
                       length: int, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x[0].dtype)
    manip_funcs.partial_sum(dev_ctx.xp, [t.data for t in x], start_index, length, data)
