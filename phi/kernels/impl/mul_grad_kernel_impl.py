"""matmul_with_flatten_grad: the backward of fluid's `mul` (PHI matmul_with_flatten)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import matmul as matmul_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("matmul_with_flatten_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("matmul_with_flatten_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def matmul_with_flatten_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                                    out_grad: DenseTensor, x_num_col_dims: int,
                                    y_num_col_dims: int, x_grad: OptionalOutTensor,
                                    y_grad: OptionalOutTensor) -> None:
    dx = None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype)
    dy = None if y_grad is None else dev_ctx.alloc(y_grad, y.dtype)
    matmul_funcs.matmul_with_flatten_grad(dev_ctx.xp, x.data, y.data, out_grad.data,
                                          x_num_col_dims, y_num_col_dims, dx, dy)
