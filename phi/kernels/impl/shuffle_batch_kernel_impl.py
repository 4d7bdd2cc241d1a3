"""shuffle_batch: one body for every backend (math in phi.kernels.funcs.random)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import random as random_funcs
from phi.kernels.impl.dtype_sets import FLOAT_INT


@register_kernel("shuffle_batch", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("shuffle_batch", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def shuffle_batch_kernel(dev_ctx: DeviceContext, x: DenseTensor, seed: DenseTensor,
                         startup_seed: int, out: OutTensor, shuffle_idx: OutTensor,
                         seed_out: OutTensor) -> None:
    random_funcs.shuffle_batch(dev_ctx.xp, x.data, random_funcs.held_seed(seed, startup_seed),
                               dev_ctx.alloc(out, x.dtype),
                               dev_ctx.alloc(shuffle_idx, DataType.INT64),
                               dev_ctx.alloc(seed_out, DataType.INT64))
