"""Reductions under Paddle's PHI names and signatures (fluid op in brackets; sum, mean, max,
min and prod have modules of their own):

all / any (reduce_all / reduce_any; bool out), amax / amin (reduce_amax / reduce_amin),
each with a `_raw` variant taking reduce_all; logsumexp(x, axis, keepdim, reduce_all);
p_norm(x, porder, axis, epsilon, keepdim, asvector). Math in phi.kernels.funcs.reduce.
"""

from __future__ import annotations

from collections.abc import Callable

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import reduce as reduce_funcs

_LOGICAL = [DataType.BOOL, DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64,
            DataType.COMPLEX64, DataType.COMPLEX128]
_EXTREMUM = [DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64]
_FLOAT = [DataType.FLOAT32, DataType.FLOAT64]


def _reduce(dev_ctx: DeviceContext, x: DenseTensor, axis: list[int], reduce_all: bool,
            out: OutTensor, dtype: DataType, reduce: Callable[..., None]) -> None:
    """out (of `dtype`) = `reduce` (a phi.kernels.funcs.reduce function) of x over `axis`,
    or over every axis with reduce_all."""
    axes = reduce_funcs.reduce_axes(len(x.dims), axis, reduce_all)
    reduce(dev_ctx.xp, x.data, axes, dev_ctx.alloc(out, dtype))


@register_kernel("all_raw", Backend.CPU, DataLayout.ALL_LAYOUT, _LOGICAL)
@register_kernel("all_raw", Backend.GPU, DataLayout.ALL_LAYOUT, _LOGICAL)
def all_raw_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: list[int], keepdim: bool,
                   reduce_all: bool, out: OutTensor) -> None:
    _reduce(dev_ctx, x, axis, reduce_all, out, DataType.BOOL, reduce_funcs.reduce_all)


@register_kernel("all", Backend.CPU, DataLayout.ALL_LAYOUT, _LOGICAL)
@register_kernel("all", Backend.GPU, DataLayout.ALL_LAYOUT, _LOGICAL)
def all_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: list[int], keepdim: bool,
               out: OutTensor) -> None:
    all_raw_kernel(dev_ctx, x, axis, keepdim, False, out)


@register_kernel("any_raw", Backend.CPU, DataLayout.ALL_LAYOUT, _LOGICAL)
@register_kernel("any_raw", Backend.GPU, DataLayout.ALL_LAYOUT, _LOGICAL)
def any_raw_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: list[int], keepdim: bool,
                   reduce_all: bool, out: OutTensor) -> None:
    _reduce(dev_ctx, x, axis, reduce_all, out, DataType.BOOL, reduce_funcs.reduce_any)


@register_kernel("any", Backend.CPU, DataLayout.ALL_LAYOUT, _LOGICAL)
@register_kernel("any", Backend.GPU, DataLayout.ALL_LAYOUT, _LOGICAL)
def any_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: list[int], keepdim: bool,
               out: OutTensor) -> None:
    any_raw_kernel(dev_ctx, x, axis, keepdim, False, out)


@register_kernel("amax_raw", Backend.CPU, DataLayout.ALL_LAYOUT, _EXTREMUM)
@register_kernel("amax_raw", Backend.GPU, DataLayout.ALL_LAYOUT, _EXTREMUM)
def amax_raw_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: list[int], keepdim: bool,
                    reduce_all: bool, out: OutTensor) -> None:
    _reduce(dev_ctx, x, axis, reduce_all, out, x.dtype, reduce_funcs.reduce_max)


@register_kernel("amax", Backend.CPU, DataLayout.ALL_LAYOUT, _EXTREMUM)
@register_kernel("amax", Backend.GPU, DataLayout.ALL_LAYOUT, _EXTREMUM)
def amax_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: list[int], keepdim: bool,
                out: OutTensor) -> None:
    amax_raw_kernel(dev_ctx, x, axis, keepdim, False, out)


@register_kernel("amin_raw", Backend.CPU, DataLayout.ALL_LAYOUT, _EXTREMUM)
@register_kernel("amin_raw", Backend.GPU, DataLayout.ALL_LAYOUT, _EXTREMUM)
def amin_raw_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: list[int], keepdim: bool,
                    reduce_all: bool, out: OutTensor) -> None:
    _reduce(dev_ctx, x, axis, reduce_all, out, x.dtype, reduce_funcs.reduce_min)


@register_kernel("amin", Backend.CPU, DataLayout.ALL_LAYOUT, _EXTREMUM)
@register_kernel("amin", Backend.GPU, DataLayout.ALL_LAYOUT, _EXTREMUM)
def amin_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: list[int], keepdim: bool,
                out: OutTensor) -> None:
    amin_raw_kernel(dev_ctx, x, axis, keepdim, False, out)


@register_kernel("logsumexp", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("logsumexp", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def logsumexp_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: list[int], keepdim: bool,
                     reduce_all: bool, out: OutTensor) -> None:
    _reduce(dev_ctx, x, axis, reduce_all, out, x.dtype, reduce_funcs.logsumexp)


@register_kernel("p_norm", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("p_norm", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def p_norm_kernel(dev_ctx: DeviceContext, x: DenseTensor, porder: float, axis: int,
                  epsilon: float, keepdim: bool, asvector: bool, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    reduce_funcs.p_norm(dev_ctx.xp, x.data, porder, axis, asvector, data)
