"""gaussian_inplace: one body for every backend (math in phi.kernels.funcs.random)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import random as random_funcs
from phi.kernels.impl.dtype_sets import FLOAT_COMPLEX


@register_kernel("gaussian_inplace", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("gaussian_inplace", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def gaussian_inplace_kernel(dev_ctx: DeviceContext, x: DenseTensor, mean: float, std: float,
                            seed: int, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    random_funcs.gaussian_inplace(dev_ctx.xp, mean, std, seed, data)
