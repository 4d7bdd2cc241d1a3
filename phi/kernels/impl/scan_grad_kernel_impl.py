"""cumprod_grad and logcumsumexp_grad: one body for every backend (math in
phi.kernels.funcs.scan_grad)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import scan_grad as scan_grad_funcs
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_INT_COMPLEX


@register_kernel("cumprod_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT_COMPLEX)
@register_kernel("cumprod_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT_COMPLEX)
def cumprod_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: DenseTensor,
                        out_grad: DenseTensor, dim: int, exclusive: bool, reverse: bool,
                        x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, x.dtype)
    scan_grad_funcs.cumprod_grad(dev_ctx.xp, x.data, out_grad.data, dim, exclusive, reverse,
                                 data)


@register_kernel("logcumsumexp_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("logcumsumexp_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def logcumsumexp_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: DenseTensor,
                             out_grad: DenseTensor, axis: int, flatten: bool, exclusive: bool,
                             reverse: bool, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, x.dtype)
    scan_grad_funcs.logcumsumexp_grad(dev_ctx.xp, x.data, out.data, out_grad.data, axis,
                                      flatten, exclusive, reverse, data)
