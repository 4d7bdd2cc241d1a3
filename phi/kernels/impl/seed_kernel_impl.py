"""seed: one body for every backend (math in phi.kernels.funcs.random)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import random as random_funcs


@register_kernel("seed", Backend.CPU, DataLayout.ALL_LAYOUT, [DataType.INT32])
@register_kernel("seed", Backend.GPU, DataLayout.ALL_LAYOUT, [DataType.INT32])
def seed_kernel(dev_ctx: DeviceContext, seed: int, deterministic: bool, rng_name: str,
                out: OutTensor) -> None:
    """`rng_name` names Paddle's generator for `deterministic`; fluidphi has one."""
    random_funcs.seed(dev_ctx.xp, seed, deterministic, dev_ctx.alloc(out, DataType.INT32))
