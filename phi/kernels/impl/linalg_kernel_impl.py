"""Linear-algebra product kernels (`fluidphi migrate` output of
legacy_fluid/operators/linalg_op.py): addmm, bmm, dot, mv, kron, cross, dist, trace, einsum.
Math, dims and Paddle's edge semantics in phi.kernels.funcs.linalg.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor, OutTensorList
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import linalg as la_funcs
from phi.kernels.impl.dtype_sets import (
    FLOAT,
    FLOAT_COMPLEX,
    FLOAT_HALF_INT_COMPLEX,
    FLOAT_INT_COMPLEX,
)


@register_kernel("addmm", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("addmm", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def addmm_kernel(dev_ctx: DeviceContext, input: DenseTensor, x: DenseTensor, y: DenseTensor,
                 beta: float, alpha: float, out: OutTensor) -> None:
    inp = input
    data = dev_ctx.alloc(out, x.dtype)
    la_funcs.addmm(dev_ctx.xp, inp.data, x.data, y.data, beta, alpha, data)


@register_kernel("bmm", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("bmm", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def bmm_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    la_funcs.bmm(dev_ctx.xp, x.data, y.data, data)


@register_kernel("dot", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT_COMPLEX)
@register_kernel("dot", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT_COMPLEX)
def dot_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    la_funcs.dot(dev_ctx.xp, x.data, y.data, data)


@register_kernel("mv", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("mv", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def mv_kernel(dev_ctx: DeviceContext, x: DenseTensor, vec: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    la_funcs.mv(dev_ctx.xp, x.data, vec.data, data)


@register_kernel("kron", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_INT_COMPLEX)
@register_kernel("kron", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_INT_COMPLEX)
def kron_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    la_funcs.kron(dev_ctx.xp, x.data, y.data, data)


@register_kernel("cross", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT_COMPLEX)
@register_kernel("cross", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT_COMPLEX)
def cross_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, dim: int,
                 out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    la_funcs.cross(dev_ctx.xp, x.data, y.data, la_funcs.cross_axis(x.dims, y.dims, dim), data)


@register_kernel("dist", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("dist", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def dist_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor, p: float,
                out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    la_funcs.dist(dev_ctx.xp, x.data, y.data, p, data)


@register_kernel("trace", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_INT_COMPLEX)
@register_kernel("trace", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_INT_COMPLEX)
def trace_kernel(dev_ctx: DeviceContext, input: DenseTensor, offset: int, axis1: int, axis2: int,
                 out: OutTensor) -> None:
    x = input
    data = dev_ctx.alloc(out, x.dtype)
    la_funcs.trace(dev_ctx.xp, x.data, offset, axis1, axis2, data)


@register_kernel("einsum", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("einsum", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def einsum_kernel(dev_ctx: DeviceContext, operands: list[DenseTensor], equation: str,
                  out: OutTensor) -> None:
    data = dev_ctx.alloc(out, operands[0].dtype)
    la_funcs.einsum(dev_ctx.xp, equation, [o.data for o in operands], data)


@register_kernel("einsum_raw", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
@register_kernel("einsum_raw", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_COMPLEX)
def einsum_raw_kernel(dev_ctx: DeviceContext, operands: list[DenseTensor], equation: str,
                      out: OutTensor, inner_cache: OutTensorList,
                      x_shape: OutTensorList) -> None:
    data = dev_ctx.alloc(out, operands[0].dtype)
    la_funcs.einsum(dev_ctx.xp, equation, [o.data for o in operands], data)
    caches = inner_cache
    for cache, operand in zip(caches, operands):
        if cache is not None:
            dev_ctx.xp.copyto(dev_ctx.alloc(cache, operand.dtype), operand.data)
