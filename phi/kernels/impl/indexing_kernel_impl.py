"""Indexing kernels (`fluidphi migrate` output of legacy_fluid/operators/indexing_op.py and
masked_op.py): gather_nd, index_select, index_sample, take_along_axis, put_along_axis, scatter,
masked_fill, masked_select and nonzero (fluid's where_index). masked_select and nonzero size
their outputs from the data. Math in phi.kernels.funcs.indexing.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import indexing as index_funcs
from phi.kernels.impl.dtype_sets import (
    ALL_TYPES,
    ALL_TYPES_NO_BF16,
    BOOL_INT_FLOAT_COMPLEX,
    BOOL_INTS_FLOAT_COMPLEX,
    INT_FLOAT,
    INT_FLOAT_COMPLEX,
)

_INDEX_SELECT_TYPES = [DataType.BOOL, DataType.INT32, DataType.INT64, DataType.BFLOAT16,
                       DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128]
_ALONG_AXIS_TYPES = [DataType.UINT8, DataType.INT16, DataType.INT32, DataType.INT64,
                     DataType.FLOAT32, DataType.FLOAT64]
_NONZERO_TYPES = [DataType.BOOL, DataType.INT16, DataType.INT32, DataType.INT64, DataType.BFLOAT16,
                  DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128]
_NONZERO_GPU_TYPES = [DataType.BOOL, DataType.INT16, DataType.INT32, DataType.INT64,
                      DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128]


@register_kernel("gather_nd", Backend.CPU, DataLayout.ALL_LAYOUT, BOOL_INTS_FLOAT_COMPLEX)
@register_kernel("gather_nd", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INTS_FLOAT_COMPLEX)
def gather_nd_kernel(dev_ctx: DeviceContext, x: DenseTensor, index: DenseTensor,
                     out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    index_funcs.gather_nd(dev_ctx.xp, x.data, index.data, data)


@register_kernel("index_select", Backend.CPU, DataLayout.ALL_LAYOUT, _INDEX_SELECT_TYPES)
@register_kernel("index_select", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INT_FLOAT_COMPLEX)
def index_select_kernel(dev_ctx: DeviceContext, x: DenseTensor, index: DenseTensor, dim: int,
                        out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    index_funcs.index_select(dev_ctx.xp, x.data, index.data, dim, data)


@register_kernel("index_sample", Backend.CPU, DataLayout.ALL_LAYOUT, INT_FLOAT_COMPLEX)
@register_kernel("index_sample", Backend.GPU, DataLayout.ALL_LAYOUT, INT_FLOAT_COMPLEX)
def index_sample_kernel(dev_ctx: DeviceContext, x: DenseTensor, index: DenseTensor,
                        out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    index_funcs.index_sample(dev_ctx.xp, x.data, index.data, data)


@register_kernel("take_along_axis", Backend.CPU, DataLayout.ALL_LAYOUT, _ALONG_AXIS_TYPES)
@register_kernel("take_along_axis", Backend.GPU, DataLayout.ALL_LAYOUT, _ALONG_AXIS_TYPES)
def take_along_axis_kernel(dev_ctx: DeviceContext, input: DenseTensor, index: DenseTensor,
                           axis: int, result: OutTensor) -> None:
    data = dev_ctx.alloc(result, input.dtype)
    index_funcs.take_along_axis(dev_ctx.xp, input.data, index.data, axis, data)


@register_kernel("put_along_axis", Backend.CPU, DataLayout.ALL_LAYOUT, _ALONG_AXIS_TYPES)
@register_kernel("put_along_axis", Backend.GPU, DataLayout.ALL_LAYOUT, _ALONG_AXIS_TYPES)
def put_along_axis_kernel(dev_ctx: DeviceContext, input: DenseTensor, index: DenseTensor,
                          value: DenseTensor, axis: int, reduce: str, include_self: bool,
                          result: OutTensor) -> None:
    data = dev_ctx.alloc(result, input.dtype)
    index_funcs.put_along_axis(dev_ctx.xp, input.data, index.data, value.data, axis, reduce,
                               include_self, data)


@register_kernel("scatter", Backend.CPU, DataLayout.ALL_LAYOUT, INT_FLOAT)
@register_kernel("scatter", Backend.GPU, DataLayout.ALL_LAYOUT, INT_FLOAT)
def scatter_kernel(dev_ctx: DeviceContext, x: DenseTensor, ids: DenseTensor, updates: DenseTensor,
                   overwrite: bool, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    index_funcs.scatter(dev_ctx.xp, x.data, ids.data, updates.data, overwrite, data)


@register_kernel("masked_fill", Backend.CPU, DataLayout.ALL_LAYOUT, ALL_TYPES)
@register_kernel("masked_fill", Backend.GPU, DataLayout.ALL_LAYOUT, ALL_TYPES_NO_BF16)
def masked_fill_kernel(dev_ctx: DeviceContext, x: DenseTensor, mask: DenseTensor,
                       value: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    index_funcs.masked_fill(dev_ctx.xp, x.data, mask.data, value.data, data)


@register_kernel("masked_select", Backend.CPU, DataLayout.ALL_LAYOUT, ALL_TYPES)
@register_kernel("masked_select", Backend.GPU, DataLayout.ALL_LAYOUT, ALL_TYPES_NO_BF16)
def masked_select_kernel(dev_ctx: DeviceContext, x: DenseTensor, mask: DenseTensor,
                         y: OutTensor) -> None:
    selected = index_funcs.masked_select(dev_ctx.xp, x.data, mask.data)
    y.resize(selected.shape)
    data = dev_ctx.alloc(y, x.dtype)
    data[...] = selected


@register_kernel("nonzero", Backend.CPU, DataLayout.ALL_LAYOUT, _NONZERO_TYPES)
@register_kernel("nonzero", Backend.GPU, DataLayout.ALL_LAYOUT, _NONZERO_GPU_TYPES)
def nonzero_kernel(dev_ctx: DeviceContext, condition: DenseTensor, out: OutTensor) -> None:
    coords = index_funcs.nonzero(dev_ctx.xp, condition.data)
    out.resize(coords.shape)
    data = dev_ctx.alloc(out, DataType.INT64)
    data[...] = coords
