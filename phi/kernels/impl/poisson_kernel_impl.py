"""poisson: one body for every backend (math in phi.kernels.funcs.random)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import random as random_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("poisson", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("poisson", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def poisson_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    random_funcs.poisson(dev_ctx.xp, x.data, data)
