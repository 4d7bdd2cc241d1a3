"""unstack_grad: one body for every backend (stack's math, phi.kernels.funcs.concat_split)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import concat_split as cs_funcs
from phi.kernels.impl.dtype_sets import INT_FLOAT_COMPLEX


@register_kernel("unstack_grad", Backend.CPU, DataLayout.ALL_LAYOUT, INT_FLOAT_COMPLEX)
@register_kernel("unstack_grad", Backend.GPU, DataLayout.ALL_LAYOUT, INT_FLOAT_COMPLEX)
def unstack_grad_kernel(dev_ctx: DeviceContext, y_grad: list[DenseTensor], axis: int, num: int,
                        x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, y_grad[0].dtype)
    cs_funcs.stack(dev_ctx.xp, [t.data for t in y_grad], axis, data)
