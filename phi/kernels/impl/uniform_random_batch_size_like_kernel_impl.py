"""uniform_random_batch_size_like: one body for every backend (math in
phi.kernels.funcs.random)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import random as random_funcs
from phi.kernels.impl.dtype_sets import FLOAT_BF16


@register_kernel("uniform_random_batch_size_like", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_BF16)
@register_kernel("uniform_random_batch_size_like", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_BF16)
def uniform_random_batch_size_like_kernel(
        dev_ctx: DeviceContext, input: DenseTensor, shape: list[int], input_dim_idx: int,
        output_dim_idx: int, min: float, max: float, seed: int, diag_num: int, diag_step: int,
        diag_val: float, dtype: DataType, out: OutTensor) -> None:
    """Out's dims come from its InferMeta (`shape` with Input's batch dim)."""
    random_funcs.uniform_random_batch_size_like(dev_ctx.xp, min, max, seed, diag_num,
                                                diag_step, diag_val, dev_ctx.alloc(out, dtype))
