"""Diagonal and triangle kernels (`fluidphi migrate` output of legacy_fluid/operators/diag_op.py):
tril_triu, diag (fluid's diag_v2), diag_embed and diagonal. Math in phi.kernels.funcs.diag.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import diag as diag_funcs
from phi.kernels.impl.dtype_sets import (
    BOOL_INT_FLOAT_COMPLEX,
    BOOL_INT_HALF_FLOAT_COMPLEX,
    INT_FLOAT,
    INT_HALF_FLOAT_COMPLEX,
)


@register_kernel("tril_triu", Backend.CPU, DataLayout.ALL_LAYOUT, BOOL_INT_HALF_FLOAT_COMPLEX)
@register_kernel("tril_triu", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INT_HALF_FLOAT_COMPLEX)
def tril_triu_kernel(dev_ctx: DeviceContext, x: DenseTensor, diagonal: int, lower: bool,
                     out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    diag_funcs.tril_triu(dev_ctx.xp, x.data, diagonal, lower, data)


@register_kernel("diag", Backend.CPU, DataLayout.ALL_LAYOUT, INT_HALF_FLOAT_COMPLEX)
@register_kernel("diag", Backend.GPU, DataLayout.ALL_LAYOUT, INT_HALF_FLOAT_COMPLEX)
def diag_kernel(dev_ctx: DeviceContext, x: DenseTensor, offset: int, padding_value: float,
                out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    diag_funcs.diag(dev_ctx.xp, x.data, offset, padding_value, data)


@register_kernel("diag_embed", Backend.CPU, DataLayout.ALL_LAYOUT, INT_FLOAT)
@register_kernel("diag_embed", Backend.GPU, DataLayout.ALL_LAYOUT, INT_FLOAT)
def diag_embed_kernel(dev_ctx: DeviceContext, input: DenseTensor, offset: int, dim1: int, dim2: int,
                      out: OutTensor) -> None:
    data = dev_ctx.alloc(out, input.dtype)
    diag_funcs.diag_embed(dev_ctx.xp, input.data, offset, dim1, dim2, data)


@register_kernel("diagonal", Backend.CPU, DataLayout.ALL_LAYOUT, BOOL_INT_FLOAT_COMPLEX)
@register_kernel("diagonal", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INT_FLOAT_COMPLEX)
def diagonal_kernel(dev_ctx: DeviceContext, input: DenseTensor, offset: int, axis1: int, axis2: int,
                    out: OutTensor) -> None:
    data = dev_ctx.alloc(out, input.dtype)
    diag_funcs.diagonal(dev_ctx.xp, input.data, offset, axis1, axis2, data)
