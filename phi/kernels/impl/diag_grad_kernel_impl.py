"""Gradients of the diagonal and triangle ops (`fluidphi migrate` output of
legacy_fluid/operators/diag_grad_op.py): tril_triu, diag (fluid's diag_v2) and diagonal.
Math in phi.kernels.funcs.diag_grad.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import diag_grad as diag_grad_funcs
from phi.kernels.impl.dtype_sets import (
    BOOL_INT_FLOAT_COMPLEX,
    BOOL_INT_HALF_FLOAT_COMPLEX,
    INT_HALF_FLOAT_COMPLEX,
)


@register_kernel("tril_triu_grad", Backend.CPU, DataLayout.ALL_LAYOUT, BOOL_INT_HALF_FLOAT_COMPLEX)
@register_kernel("tril_triu_grad", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INT_HALF_FLOAT_COMPLEX)
def tril_triu_grad_kernel(dev_ctx: DeviceContext, out_grad: DenseTensor, diagonal: int,
                          lower: bool, x_grad: OutTensor) -> None:
    diag_grad_funcs.tril_triu_grad(dev_ctx.xp, out_grad.data, diagonal, lower,
                                   dev_ctx.alloc(x_grad, out_grad.dtype))


@register_kernel("diag_grad", Backend.CPU, DataLayout.ALL_LAYOUT, INT_HALF_FLOAT_COMPLEX)
@register_kernel("diag_grad", Backend.GPU, DataLayout.ALL_LAYOUT, INT_HALF_FLOAT_COMPLEX)
def diag_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                     offset: int, padding_value: float, x_grad: OutTensor) -> None:
    diag_grad_funcs.diag_grad(dev_ctx.xp, x.data, out_grad.data, offset,
                              dev_ctx.alloc(x_grad, x.dtype))


@register_kernel("diagonal_grad", Backend.CPU, DataLayout.ALL_LAYOUT, BOOL_INT_FLOAT_COMPLEX)
@register_kernel("diagonal_grad", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INT_FLOAT_COMPLEX)
def diagonal_grad_kernel(dev_ctx: DeviceContext, input: DenseTensor, out_grad: DenseTensor,
                         offset: int, axis1: int, axis2: int, input_grad: OutTensor) -> None:
    diag_grad_funcs.diagonal_grad(dev_ctx.xp, out_grad.data, offset, axis1, axis2,
                                  dev_ctx.alloc(input_grad, input.dtype))
