"""prelu_grad: x_grad and alpha_grad (either may be left out), one body for every backend."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import prelu_grad as prelu_grad_funcs
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_HALF


@register_kernel("prelu_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("prelu_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF)
def prelu_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, alpha: DenseTensor,
                      out_grad: DenseTensor, data_format: str, mode: str,
                      x_grad: OptionalOutTensor, alpha_grad: OptionalOutTensor) -> None:
    dx = None if x_grad is None else dev_ctx.alloc(x_grad, out_grad.dtype)
    da = None if alpha_grad is None else dev_ctx.alloc(alpha_grad, out_grad.dtype)
    prelu_grad_funcs.prelu_grad(dev_ctx.xp, x.data, alpha.data, out_grad.data, data_format,
                                mode, dx, da)
