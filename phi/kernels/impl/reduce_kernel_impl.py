"""Reductions under Paddle's PHI names and signatures (fluid op in brackets; sum, mean, max,
min and prod have modules of their own):

all / any (reduce_all / reduce_any; bool out), amax / amin (reduce_amax / reduce_amin),
each with a `_raw` variant taking reduce_all; logsumexp(x, axis, keepdim, reduce_all);
p_norm(x, porder, axis, epsilon, keepdim, asvector). All but p_norm are rows of two tables
(phi.core.kernel_table). Math in phi.kernels.funcs.reduce.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.core.kernel_table import KernelRow, register_table
from phi.kernels.funcs import reduce as reduce_funcs
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_INT

_LOGICAL = [DataType.BOOL, DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64,
            DataType.COMPLEX64, DataType.COMPLEX128]


def _reduce_raw(row: KernelRow, dev_ctx: DeviceContext, x: DenseTensor, axis: list[int],
                keepdim: bool, reduce_all: bool, out: OutTensor) -> None:
    """out = row.func(x) over `axis` (every axis with reduce_all); its dtype from x's by
    row.extra."""
    axes = reduce_funcs.reduce_axes(len(x.dims), axis, reduce_all)
    data = dev_ctx.alloc(out, row.extra(x.dtype))
    row.func(dev_ctx.xp, x.data, axes, data)


def _reduce(row: KernelRow, dev_ctx: DeviceContext, x: DenseTensor, axis: list[int],
            keepdim: bool, out: OutTensor) -> None:
    """The `_raw` kernel with reduce_all false."""
    axes = reduce_funcs.reduce_axes(len(x.dims), axis, False)
    data = dev_ctx.alloc(out, row.extra(x.dtype))
    row.func(dev_ctx.xp, x.data, axes, data)


#: (name, funcs function, dtypes, Out's dtype from X's)
register_table(_reduce_raw, [
    KernelRow("all_raw", reduce_funcs.reduce_all, _LOGICAL, extra=lambda dtype: DataType.BOOL),
    KernelRow("any_raw", reduce_funcs.reduce_any, _LOGICAL, extra=lambda dtype: DataType.BOOL),
    KernelRow("amax_raw", reduce_funcs.reduce_max, FLOAT_INT, extra=lambda dtype: dtype),
    KernelRow("amin_raw", reduce_funcs.reduce_min, FLOAT_INT, extra=lambda dtype: dtype),
    KernelRow("logsumexp", reduce_funcs.logsumexp, FLOAT, extra=lambda dtype: dtype),
])

register_table(_reduce, [
    KernelRow("all", reduce_funcs.reduce_all, _LOGICAL, extra=lambda dtype: DataType.BOOL),
    KernelRow("any", reduce_funcs.reduce_any, _LOGICAL, extra=lambda dtype: DataType.BOOL),
    KernelRow("amax", reduce_funcs.reduce_max, FLOAT_INT, extra=lambda dtype: dtype),
    KernelRow("amin", reduce_funcs.reduce_min, FLOAT_INT, extra=lambda dtype: dtype),
])

@register_kernel("p_norm", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("p_norm", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def p_norm_kernel(dev_ctx: DeviceContext, x: DenseTensor, porder: float, axis: int,
                  epsilon: float, keepdim: bool, asvector: bool, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    reduce_funcs.p_norm(dev_ctx.xp, x.data, porder, axis, asvector, data)
