"""std and var: one body for every backend (math in phi.kernels.funcs.statistics)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import statistics as stat_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("var", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("var", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def var_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: list[int], keepdim: bool,
               unbiased: bool, correction: float, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    stat_funcs.variance(dev_ctx.xp, x.data, axis, correction, data)


@register_kernel("std", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("std", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def std_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: list[int], keepdim: bool,
               unbiased: bool, correction: float, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    stat_funcs.variance(dev_ctx.xp, x.data, axis, correction, data, root=True)
