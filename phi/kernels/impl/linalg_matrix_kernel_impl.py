"""Matrix-function kernels (`fluidphi migrate` output of
legacy_fluid/operators/linalg_matrix_op.py): inverse, cholesky, determinant, slogdet,
matrix_power. Math in phi.kernels.funcs.linalg_matrix.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import linalg_matrix as mat_funcs
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_COMPLEX


@register_kernel("inverse", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("inverse", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def inverse_kernel(dev_ctx: DeviceContext, input: DenseTensor, output: OutTensor) -> None:
    x = input
    out = output
    data = dev_ctx.alloc(out, x.dtype)
    mat_funcs.inverse(dev_ctx.xp, x.data, data)


@register_kernel("cholesky", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("cholesky", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def cholesky_kernel(dev_ctx: DeviceContext, x: DenseTensor, upper: bool, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    mat_funcs.cholesky(dev_ctx.xp, x.data, upper, data)


@register_kernel("determinant", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("determinant", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def determinant_kernel(dev_ctx: DeviceContext, input: DenseTensor, out: OutTensor) -> None:
    x = input
    data = dev_ctx.alloc(out, x.dtype)
    mat_funcs.determinant(dev_ctx.xp, x.data, data)


@register_kernel("slogdet", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("slogdet", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def slogdet_kernel(dev_ctx: DeviceContext, input: DenseTensor, out: OutTensor) -> None:
    x = input
    data = dev_ctx.alloc(out, x.dtype)
    mat_funcs.slogdeterminant(dev_ctx.xp, x.data, data)


@register_kernel("matrix_power", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("matrix_power", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def matrix_power_kernel(dev_ctx: DeviceContext, x: DenseTensor, n: int, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    mat_funcs.matrix_power(dev_ctx.xp, x.data, n, data)
