"""fill_diagonal: one body for every backend (math in phi.kernels.funcs.creation)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import creation as creation_funcs
from phi.kernels.impl.dtype_sets import BOOL_INT_HALF_FLOAT


@register_kernel("fill_diagonal", Backend.CPU, DataLayout.ALL_LAYOUT, BOOL_INT_HALF_FLOAT)
@register_kernel("fill_diagonal", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INT_HALF_FLOAT)
def fill_diagonal_kernel(dev_ctx: DeviceContext, x: DenseTensor, value: float, offset: int,
                         wrap: bool, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    creation_funcs.fill_diagonal(dev_ctx.xp, x.data, value, offset, wrap, data)
