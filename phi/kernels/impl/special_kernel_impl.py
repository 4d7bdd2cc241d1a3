"""Special functions (gammaln, i0, i0e, i1, i1e, gammaincc, polygamma): one body each for every
backend (math in phi.kernels.funcs.special); their grads are in special_grad_kernel_impl."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import special

_TYPES = [DataType.FLOAT32, DataType.FLOAT64]


@register_kernel("gammaln", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES)
@register_kernel("gammaln", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES)
def gammaln_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    special.lgamma(dev_ctx.xp, x.data, dev_ctx.alloc(out, x.dtype))


@register_kernel("i0", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES)
@register_kernel("i0", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES)
def i0_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    special.i0(dev_ctx.xp, x.data, dev_ctx.alloc(out, x.dtype))


@register_kernel("i0e", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES)
@register_kernel("i0e", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES)
def i0e_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    special.i0e(dev_ctx.xp, x.data, dev_ctx.alloc(out, x.dtype))


@register_kernel("i1", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES)
@register_kernel("i1", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES)
def i1_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    special.i1(dev_ctx.xp, x.data, dev_ctx.alloc(out, x.dtype))


@register_kernel("i1e", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES)
@register_kernel("i1e", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES)
def i1e_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    special.i1e(dev_ctx.xp, x.data, dev_ctx.alloc(out, x.dtype))


@register_kernel("gammaincc", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES)
@register_kernel("gammaincc", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES)
def gammaincc_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                     out: OutTensor) -> None:
    special.gammaincc(dev_ctx.xp, x.data, y.data, dev_ctx.alloc(out, x.dtype))


@register_kernel("polygamma", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES)
@register_kernel("polygamma", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES)
def polygamma_kernel(dev_ctx: DeviceContext, x: DenseTensor, n: int, out: OutTensor) -> None:
    special.polygamma(dev_ctx.xp, x.data, n, dev_ctx.alloc(out, x.dtype))
