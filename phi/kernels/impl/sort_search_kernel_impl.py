"""Sorting and searching under Paddle's PHI names and signatures: argmin, argsort, topk
(k a Scalar: top_k_v2's K tensor or attribute), kthvalue, mode, searchsorted. Math in
phi.kernels.funcs.sort_search (argmin in funcs.reduce, next to argmax)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import reduce as reduce_funcs
from phi.kernels.funcs import sort_search as ss_funcs
from phi.kernels.impl.dtype_sets import FLOAT_INT

_ARG = [DataType.FLOAT32, DataType.FLOAT64, DataType.INT16, DataType.INT32, DataType.INT64,
        DataType.UINT8]
_ARGSORT = [*_ARG, DataType.FLOAT16, DataType.BFLOAT16]
_TOPK = [DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64, DataType.FLOAT16]


@register_kernel("argmin", Backend.CPU, DataLayout.ALL_LAYOUT, _ARG)
@register_kernel("argmin", Backend.GPU, DataLayout.ALL_LAYOUT, _ARG)
def argmin_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: Scalar, keepdims: bool,
                  flatten: bool, dtype: DataType, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, reduce_funcs.argmax_dtype(dtype))
    reduce_funcs.argmin(dev_ctx.xp, x.data, axis.to(int), flatten, data)


@register_kernel("argsort", Backend.CPU, DataLayout.ALL_LAYOUT, _ARGSORT)
@register_kernel("argsort", Backend.GPU, DataLayout.ALL_LAYOUT, _ARGSORT)
def argsort_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: int, descending: bool,
                   stable: bool, out: OutTensor, indices: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    index = dev_ctx.alloc(indices, DataType.INT64)
    ss_funcs.argsort(dev_ctx.xp, x.data, axis, descending, data, index)


@register_kernel("topk", Backend.CPU, DataLayout.ALL_LAYOUT, _TOPK)
@register_kernel("topk", Backend.GPU, DataLayout.ALL_LAYOUT, _TOPK)
def topk_kernel(dev_ctx: DeviceContext, x: DenseTensor, k: Scalar, axis: int, largest: bool,
                sorted: bool, out: OutTensor, indices: OutTensor) -> None:
    dims = ss_funcs.topk_dims(x.dims, k.to(int), axis)
    data = dev_ctx.alloc(out, x.dtype, dims)
    index = dev_ctx.alloc(indices, DataType.INT64, dims)
    ss_funcs.topk(dev_ctx.xp, x.data, k.to(int), axis, largest, data, index)


@register_kernel("kthvalue", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("kthvalue", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def kthvalue_kernel(dev_ctx: DeviceContext, x: DenseTensor, k: int, axis: int, keepdim: bool,
                    out: OutTensor, indices: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    index = dev_ctx.alloc(indices, DataType.INT64)
    ss_funcs.kthvalue(dev_ctx.xp, x.data, k, axis, data, index)


@register_kernel("mode", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("mode", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def mode_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: int, keepdim: bool,
                out: OutTensor, indices: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    index = dev_ctx.alloc(indices, DataType.INT64)
    ss_funcs.mode(dev_ctx.xp, x.data, axis, data, index)


@register_kernel("searchsorted", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("searchsorted", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def searchsorted_kernel(dev_ctx: DeviceContext, sorted_sequence: DenseTensor,
                        values: DenseTensor, out_int32: bool, right: bool,
                        out: OutTensor) -> None:
    data = dev_ctx.alloc(out, DataType.INT32 if out_int32 else DataType.INT64)
    ss_funcs.searchsorted(dev_ctx.xp, sorted_sequence.data, values.data, right, data)
