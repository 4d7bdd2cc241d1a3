"""unique / unique_raw (fluid's `unique` with is_sorted false) and unique_consecutive under
Paddle's PHI signatures. Their outputs' dims depend on the data: each kernel allocates
them with the dims it computed. Math in phi.kernels.funcs.unique."""

from __future__ import annotations

from typing import Any

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import unique as unique_funcs
from phi.kernels.impl.dtype_sets import FLOAT_INT


def _store(dev_ctx: DeviceContext, tensor: DenseTensor | None, dtype: DataType,
           values: Any) -> None:
    """Allocate `tensor` with the dims of `values` and write them (skipped without one)."""
    if tensor is not None:
        dev_ctx.alloc(tensor, dtype, tuple(values.shape))[...] = values


@register_kernel("unique_raw", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("unique_raw", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def unique_raw_kernel(dev_ctx: DeviceContext, x: DenseTensor, return_index: bool,
                      return_inverse: bool, return_counts: bool, axis: list[int],
                      dtype: DataType, is_sorted: bool, out: OutTensor,
                      indices: OptionalOutTensor, index: OptionalOutTensor,
                      counts: OptionalOutTensor) -> None:
    itype = unique_funcs.index_dtype("unique", dtype)
    result = unique_funcs.unique(dev_ctx.xp, x.data, axis, is_sorted)
    _store(dev_ctx, out, x.dtype, result.out)
    _store(dev_ctx, index if return_inverse or not is_sorted else None, itype, result.index)
    if is_sorted:
        _store(dev_ctx, indices if return_index else None, itype, result.indices)
        _store(dev_ctx, counts if return_counts else None, itype, result.counts)


@register_kernel("unique", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("unique", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def unique_kernel(dev_ctx: DeviceContext, x: DenseTensor, return_index: bool,
                  return_inverse: bool, return_counts: bool, axis: list[int], dtype: DataType,
                  out: OutTensor, indices: OptionalOutTensor, index: OptionalOutTensor,
                  counts: OptionalOutTensor) -> None:
    unique_raw_kernel(dev_ctx, x, return_index, return_inverse, return_counts, axis, dtype,
                      True, out, indices, index, counts)


@register_kernel("unique_consecutive", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("unique_consecutive", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def unique_consecutive_kernel(dev_ctx: DeviceContext, x: DenseTensor, return_inverse: bool,
                              return_counts: bool, axis: list[int], dtype: DataType,
                              out: OutTensor, index: OptionalOutTensor,
                              counts: OptionalOutTensor) -> None:
    itype = unique_funcs.index_dtype("unique_consecutive", dtype)
    result = unique_funcs.unique_consecutive(dev_ctx.xp, x.data, axis)
    _store(dev_ctx, out, x.dtype, result.out)
    _store(dev_ctx, index if return_inverse else None, itype, result.index)
    _store(dev_ctx, counts if return_counts else None, itype, result.counts)
