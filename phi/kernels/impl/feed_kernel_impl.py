"""feed: copy the col-th tensor of the executor's feed list into the program's variable.

Paddle shares the fed holder when it already sits on the kernel's place; fluidphi
always copies, so an in-place op downstream can never write into the caller's array.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import feed_fetch as ff_funcs
from phi.kernels.funcs.cast import FLOAT8_TYPES
from phi.kernels.impl.dtype_sets import ALL_TYPES


@register_kernel("feed", Backend.CPU, DataLayout.ALL_LAYOUT, [*ALL_TYPES, *FLOAT8_TYPES])
@register_kernel("feed", Backend.GPU, DataLayout.ALL_LAYOUT, ALL_TYPES)
def feed_kernel(dev_ctx: DeviceContext, x: list[DenseTensor], col: int, out: OutTensor) -> None:
    item = ff_funcs.feed_item(x, col)
    data = dev_ctx.alloc(out, item.dtype, item.dims)
    ff_funcs.feed(dev_ctx.xp, item.data, data)
