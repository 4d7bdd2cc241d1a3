"""randint: one body for every backend (math in phi.kernels.funcs.random)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import random as random_funcs
from phi.kernels.impl.dtype_sets import INT


@register_kernel("randint", Backend.CPU, DataLayout.ALL_LAYOUT, INT)
@register_kernel("randint", Backend.GPU, DataLayout.ALL_LAYOUT, INT)
def randint_kernel(dev_ctx: DeviceContext, low: int, high: int, shape: IntArray,
                   dtype: DataType, seed: int, out: OutTensor) -> None:
    random_funcs.randint(dev_ctx.xp, low, high, seed, dev_ctx.alloc(out, dtype))
