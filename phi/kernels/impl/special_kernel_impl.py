"""Special functions (gammaln, i0, i0e, i1, i1e, gammaincc, polygamma): one body each for every
backend (math in phi.kernels.funcs.special); their grads are in special_grad_kernel_impl."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.core.kernel_table import KernelRow, register_table
from phi.kernels.funcs import special
from phi.kernels.impl.dtype_sets import FLOAT
from phi.kernels.impl.elementwise_templates import same_dtype_in_call

register_table(same_dtype_in_call, [
    KernelRow("gammaln", special.lgamma, FLOAT),
    KernelRow("i0", special.i0, FLOAT),
    KernelRow("i0e", special.i0e, FLOAT),
    KernelRow("i1", special.i1, FLOAT),
    KernelRow("i1e", special.i1e, FLOAT),
])


@register_kernel("gammaincc", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("gammaincc", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def gammaincc_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                     out: OutTensor) -> None:
    special.gammaincc(dev_ctx.xp, x.data, y.data, dev_ctx.alloc(out, x.dtype))


@register_kernel("polygamma", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("polygamma", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def polygamma_kernel(dev_ctx: DeviceContext, x: DenseTensor, n: int, out: OutTensor) -> None:
    special.polygamma(dev_ctx.xp, x.data, n, dev_ctx.alloc(out, x.dtype))
