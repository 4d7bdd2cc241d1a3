"""matmul_with_flatten (fluid's mul): x and y flattened to matrices, then multiplied."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import matmul as matmul_funcs
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_HALF_BF16


@register_kernel("matmul_with_flatten", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("matmul_with_flatten", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_BF16)
def matmul_with_flatten_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                               x_num_col_dims: int, y_num_col_dims: int,
                               out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    matmul_funcs.matmul_with_flatten(dev_ctx.xp, x.data, y.data, x_num_col_dims,
                                     y_num_col_dims, data)
