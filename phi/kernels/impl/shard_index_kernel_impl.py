"""shard_index: one body for every backend (math in phi.kernels.funcs.manipulation)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import manipulation as manip_funcs
from phi.kernels.impl.dtype_sets import INT


@register_kernel("shard_index", Backend.CPU, DataLayout.ALL_LAYOUT, INT)
@register_kernel("shard_index", Backend.GPU, DataLayout.ALL_LAYOUT, INT)
def shard_index_kernel(dev_ctx: DeviceContext, x: DenseTensor, index_num: int, nshards: int,
                       shard_id: int, ignore_value: int, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    manip_funcs.shard_index(dev_ctx.xp, x.data, index_num, nshards, shard_id, ignore_value,
                            data)
