"""Scans under Paddle's PHI names: cumprod(x, dim, exclusive, reverse) and
logcumsumexp(x, axis, flatten, exclusive, reverse). Math in phi.kernels.funcs.scan."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import scan as scan_funcs
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_INT_COMPLEX


@register_kernel("cumprod", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT_COMPLEX)
@register_kernel("cumprod", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT_COMPLEX)
def cumprod_kernel(dev_ctx: DeviceContext, x: DenseTensor, dim: int, exclusive: bool,
                   reverse: bool, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    scan_funcs.cumprod(dev_ctx.xp, x.data, dim, exclusive, reverse, data)


@register_kernel("logcumsumexp", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("logcumsumexp", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def logcumsumexp_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: int, flatten: bool,
                        exclusive: bool, reverse: bool, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    scan_funcs.logcumsumexp(dev_ctx.xp, x.data, axis, flatten, exclusive, reverse, data)
