"""Creation kernels (`fluidphi migrate` output of legacy_fluid/operators/creation_op.py):
eye, linspace, logspace, tril_indices, triu_indices, one_hot (fluid's one_hot_v2) and numel
(fluid's size). They size their outputs themselves (linspace / logspace from Num's value).
Math in phi.kernels.funcs.creation.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import creation as creation_funcs
from phi.kernels.funcs.cast import WIDE_UNSIGNED_TYPES
from phi.kernels.impl.dtype_sets import (
    ALL_TYPES,
    ALL_TYPES_NO_BF16,
    INT,
    INT_FLOAT,
    INT_HALF_FLOAT_COMPLEX,
)


@register_kernel("eye", Backend.CPU, DataLayout.ALL_LAYOUT, INT_HALF_FLOAT_COMPLEX)
@register_kernel("eye", Backend.GPU, DataLayout.ALL_LAYOUT, INT_HALF_FLOAT_COMPLEX)
def eye_kernel(dev_ctx: DeviceContext, num_rows: int, num_columns: int, dtype: DataType,
               out: OutTensor) -> None:
    out.resize(creation_funcs.eye_dims(num_rows, num_columns))
    data = dev_ctx.alloc(out, dtype)
    creation_funcs.eye(dev_ctx.xp, data)


@register_kernel("linspace", Backend.CPU, DataLayout.ALL_LAYOUT, INT_FLOAT)
@register_kernel("linspace", Backend.GPU, DataLayout.ALL_LAYOUT, INT_FLOAT)
def linspace_kernel(dev_ctx: DeviceContext, start: DenseTensor, stop: DenseTensor, num: DenseTensor,
                    dtype: DataType, out: OutTensor) -> None:
    out.resize((creation_funcs.space_count("linspace", num.data),))
    data = dev_ctx.alloc(out, dtype)
    creation_funcs.linspace(dev_ctx.xp, start.data, stop.data, data)


@register_kernel("logspace", Backend.CPU, DataLayout.ALL_LAYOUT, INT_FLOAT)
@register_kernel("logspace", Backend.GPU, DataLayout.ALL_LAYOUT, INT_FLOAT)
def logspace_kernel(dev_ctx: DeviceContext, start: DenseTensor, stop: DenseTensor, num: DenseTensor,
                    base: DenseTensor, dtype: DataType, out: OutTensor) -> None:
    out.resize((creation_funcs.space_count("logspace", num.data),))
    data = dev_ctx.alloc(out, dtype)
    creation_funcs.logspace(dev_ctx.xp, start.data, stop.data, base.data, data)


@register_kernel("tril_indices", Backend.CPU, DataLayout.ALL_LAYOUT, INT)
@register_kernel("tril_indices", Backend.GPU, DataLayout.ALL_LAYOUT, INT)
def tril_indices_kernel(dev_ctx: DeviceContext, rows: int, cols: int, offset: int, dtype: DataType,
                        out: OutTensor) -> None:
    pairs = creation_funcs.triangle_indices("tril_indices", rows, cols, offset)
    out.resize(pairs.shape)
    data = dev_ctx.alloc(out, dtype)
    data[...] = dev_ctx.xp.asarray(pairs)


@register_kernel("triu_indices", Backend.CPU, DataLayout.ALL_LAYOUT, INT)
@register_kernel("triu_indices", Backend.GPU, DataLayout.ALL_LAYOUT, INT)
def triu_indices_kernel(dev_ctx: DeviceContext, row: int, col: int, offset: int, dtype: DataType,
                        out: OutTensor) -> None:
    pairs = creation_funcs.triangle_indices("triu_indices", row, col, offset)
    out.resize(pairs.shape)
    data = dev_ctx.alloc(out, dtype)
    data[...] = dev_ctx.xp.asarray(pairs)


@register_kernel("one_hot", Backend.CPU, DataLayout.ALL_LAYOUT, INT)
@register_kernel("one_hot", Backend.GPU, DataLayout.ALL_LAYOUT, INT)
def one_hot_kernel(dev_ctx: DeviceContext, x: DenseTensor, depth: Scalar, dtype: DataType,
                   out: OutTensor) -> None:
    out.resize(creation_funcs.one_hot_dims(x.dims, depth.to(int)))
    data = dev_ctx.alloc(out, dtype)
    creation_funcs.one_hot(dev_ctx.xp, x.data, depth.to(int), data)


@register_kernel("numel", Backend.CPU, DataLayout.ALL_LAYOUT, [*ALL_TYPES, *WIDE_UNSIGNED_TYPES])
@register_kernel("numel", Backend.GPU, DataLayout.ALL_LAYOUT, ALL_TYPES_NO_BF16)
def numel_kernel(dev_ctx: DeviceContext, input: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, DataType.INT64)
    creation_funcs.numel(input.data, data)
