"""randperm: one body for every backend (math in phi.kernels.funcs.random)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import random as random_funcs
from phi.kernels.impl.dtype_sets import FLOAT_INT


@register_kernel("randperm", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("randperm", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def randperm_kernel(dev_ctx: DeviceContext, n: int, dtype: DataType, out: OutTensor) -> None:
    random_funcs.randperm(dev_ctx.xp, dev_ctx.alloc(out, dtype))
