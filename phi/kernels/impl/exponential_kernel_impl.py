"""exponential: one body for every backend (math in phi.kernels.funcs.random)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import random as random_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("exponential", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("exponential", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def exponential_kernel(dev_ctx: DeviceContext, x: DenseTensor, lam: float,
                       out: OutTensor) -> None:
    random_funcs.exponential(dev_ctx.xp, lam, dev_ctx.alloc(out, x.dtype))
