"""where_grad: the output gradient split by the condition between x and y."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import where_grad as where_grad_funcs
from phi.kernels.impl.dtype_sets import BOOL_INT_FLOAT_COMPLEX, BOOL_INT_HALF_FLOAT_COMPLEX


@register_kernel("where_grad", Backend.CPU, DataLayout.ALL_LAYOUT, BOOL_INT_FLOAT_COMPLEX)
@register_kernel("where_grad", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INT_HALF_FLOAT_COMPLEX)
def where_grad_kernel(dev_ctx: DeviceContext, condition: DenseTensor, x: DenseTensor,
                      y: DenseTensor, out_grad: DenseTensor, x_grad: OptionalOutTensor,
                      y_grad: OptionalOutTensor) -> None:
    dx = None if x_grad is None else dev_ctx.alloc(x_grad, out_grad.dtype)
    dy = None if y_grad is None else dev_ctx.alloc(y_grad, out_grad.dtype)
    where_grad_funcs.where_grad(dev_ctx.xp, condition.data, x.data.shape, y.data.shape,
                                out_grad.data, dx, dy)
