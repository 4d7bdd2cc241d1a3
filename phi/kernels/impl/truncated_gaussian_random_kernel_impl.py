"""truncated_gaussian_random: one body for every backend (math in phi.kernels.funcs.random)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import random as random_funcs
from phi.kernels.impl.dtype_sets import FLOAT_BF16


@register_kernel("truncated_gaussian_random", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_BF16)
@register_kernel("truncated_gaussian_random", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_BF16)
def truncated_gaussian_random_kernel(dev_ctx: DeviceContext, shape: list[int], mean: float,
                                     std: float, seed: int, a: float, b: float,
                                     dtype: DataType, out: OutTensor) -> None:
    random_funcs.truncated_gaussian_random(dev_ctx.xp, mean, std, seed, a, b,
                                           dev_ctx.alloc(out, dtype))
