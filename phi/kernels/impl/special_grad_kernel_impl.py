"""Grads of the special functions (gammaln, i0, i0e, i1, i1e, gammaincc, polygamma): one
body each for every backend (math in phi.kernels.funcs.special_grad)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.core.kernel_table import KernelRow, register_table
from phi.kernels.funcs import special_grad
from phi.kernels.impl.dtype_sets import FLOAT


def _from_x(row: KernelRow, dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
            x_grad: OutTensor) -> None:
    """x_grad = row.func(x, out_grad), out_grad's dtype."""
    row.func(dev_ctx.xp, x.data, out_grad.data, dev_ctx.alloc(x_grad, out_grad.dtype))


def _from_x_out(row: KernelRow, dev_ctx: DeviceContext, x: DenseTensor, out: DenseTensor,
                out_grad: DenseTensor, x_grad: OutTensor) -> None:
    """x_grad = row.func(x, out, out_grad), out_grad's dtype."""
    row.func(dev_ctx.xp, x.data, out.data, out_grad.data, dev_ctx.alloc(x_grad, out_grad.dtype))


register_table(_from_x, [
    KernelRow("gammaln_grad", special_grad.gammaln_grad, FLOAT),
    KernelRow("i0_grad", special_grad.i0_grad, FLOAT),
])

register_table(_from_x_out, [
    KernelRow("i0e_grad", special_grad.i0e_grad, FLOAT),
    KernelRow("i1_grad", special_grad.i1_grad, FLOAT),
    KernelRow("i1e_grad", special_grad.i1e_grad, FLOAT),
])


@register_kernel("gammaincc_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("gammaincc_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def gammaincc_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                          out_grad: DenseTensor, y_grad: OutTensor) -> None:
    special_grad.gammaincc_grad(dev_ctx.xp, x.data, y.data, out_grad.data,
                                dev_ctx.alloc(y_grad, out_grad.dtype))


@register_kernel("polygamma_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("polygamma_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def polygamma_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                          n: int, x_grad: OutTensor) -> None:
    special_grad.polygamma_grad(dev_ctx.xp, x.data, out_grad.data, n,
                                dev_ctx.alloc(x_grad, out_grad.dtype))
