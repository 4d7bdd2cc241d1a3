"""fill_diagonal_tensor: one body for every backend (math in phi.kernels.funcs.creation)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import creation as creation_funcs
from phi.kernels.impl.dtype_sets import ALL_TYPES_NO_BF16


@register_kernel("fill_diagonal_tensor", Backend.CPU, DataLayout.ALL_LAYOUT, ALL_TYPES_NO_BF16)
@register_kernel("fill_diagonal_tensor", Backend.GPU, DataLayout.ALL_LAYOUT, ALL_TYPES_NO_BF16)
def fill_diagonal_tensor_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                                offset: int, dim1: int, dim2: int, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    creation_funcs.fill_diagonal_tensor(dev_ctx.xp, x.data, y.data, offset, dim1, dim2, data)
