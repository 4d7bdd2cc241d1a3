"""Manipulation kernels (`fluidphi migrate` output of legacy_fluid/operators/strided_slice_op.py
and manipulation_op.py): strided_slice, unbind, flip, roll, expand_as (fluid's
expand_as_v2), repeat_interleave and meshgrid. expand_as and repeat_interleave size their
outputs themselves (repeat_interleave's length depends on RepeatsTensor's values). Math in
phi.kernels.funcs.manipulation.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor, OutTensorList
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import manipulation as manip_funcs
from phi.kernels.impl.dtype_sets import (
    ALL_TYPES,
    ALL_TYPES_NO_BF16,
    BOOL_INT_FLOAT,
    BOOL_INT_FLOAT_COMPLEX,
    BOOL_INT_HALF_FLOAT_COMPLEX,
    INT_FLOAT,
    INT_FLOAT_COMPLEX,
)

_UNBIND_TYPES = [DataType.BOOL, DataType.INT32, DataType.INT64, DataType.FLOAT16,
                 DataType.BFLOAT16, DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64,
                 DataType.COMPLEX128]
_REPEAT_TYPES = [DataType.INT32, DataType.INT64, DataType.BFLOAT16, DataType.FLOAT32,
                 DataType.FLOAT64]


@register_kernel("strided_slice", Backend.CPU, DataLayout.ALL_LAYOUT, ALL_TYPES)
@register_kernel("strided_slice", Backend.GPU, DataLayout.ALL_LAYOUT, ALL_TYPES_NO_BF16)
def strided_slice_kernel(dev_ctx: DeviceContext, input: DenseTensor, axes: list[int],
                         starts: IntArray, ends: IntArray, strides: IntArray,
                         infer_flags: list[int], decrease_axis: list[int], out: OutTensor) -> None:
    data = dev_ctx.alloc(out, input.dtype)
    manip_funcs.strided_slice(dev_ctx.xp, input.data, axes, starts.get_data(), ends.get_data(),
                              strides.get_data(), infer_flags, decrease_axis, data)


@register_kernel("unbind", Backend.CPU, DataLayout.ALL_LAYOUT, _UNBIND_TYPES)
@register_kernel("unbind", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INT_HALF_FLOAT_COMPLEX)
def unbind_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: int, out: OutTensorList) -> None:
    datas = [None if o is None else dev_ctx.alloc(o, x.dtype) for o in out]
    manip_funcs.unbind(dev_ctx.xp, x.data, axis, datas)


@register_kernel("flip", Backend.CPU, DataLayout.ALL_LAYOUT, BOOL_INT_FLOAT_COMPLEX)
@register_kernel("flip", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INT_FLOAT_COMPLEX)
def flip_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: list[int], out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    manip_funcs.flip(dev_ctx.xp, x.data, axis, data)


@register_kernel("roll", Backend.CPU, DataLayout.ALL_LAYOUT, BOOL_INT_FLOAT_COMPLEX)
@register_kernel("roll", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INT_FLOAT_COMPLEX)
def roll_kernel(dev_ctx: DeviceContext, x: DenseTensor, shifts: IntArray, axis: list[int],
                out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    manip_funcs.roll(dev_ctx.xp, x.data, shifts.get_data(), axis, data)


@register_kernel("expand_as", Backend.CPU, DataLayout.ALL_LAYOUT, BOOL_INT_FLOAT)
@register_kernel("expand_as", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INT_FLOAT)
def expand_as_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor | None,
                     target_shape: list[int], out: OutTensor) -> None:
    out.resize(manip_funcs.expand_as_dims(x.dims, None if y is None else y.dims,
                                          target_shape))
    data = dev_ctx.alloc(out, x.dtype)
    manip_funcs.expand_as(dev_ctx.xp, x.data, data)


@register_kernel("repeat_interleave", Backend.CPU, DataLayout.ALL_LAYOUT, _REPEAT_TYPES)
@register_kernel("repeat_interleave", Backend.GPU, DataLayout.ALL_LAYOUT, INT_FLOAT)
def repeat_interleave_kernel(dev_ctx: DeviceContext, x: DenseTensor,
                             repeats_tensor: DenseTensor | None, repeats: int, dim: int,
                             out: OutTensor) -> None:
    if repeats_tensor is not None:
        repeats = manip_funcs.repeat_counts(repeats_tensor.data, x.dims[dim])
    result = manip_funcs.repeat_interleave(dev_ctx.xp, x.data, repeats, dim)
    out.resize(result.shape)
    data = dev_ctx.alloc(out, x.dtype)
    data[...] = result


@register_kernel("meshgrid", Backend.CPU, DataLayout.ALL_LAYOUT, INT_FLOAT_COMPLEX)
@register_kernel("meshgrid", Backend.GPU, DataLayout.ALL_LAYOUT, INT_FLOAT_COMPLEX)
def meshgrid_kernel(dev_ctx: DeviceContext, x: list[DenseTensor], out: OutTensorList) -> None:
    datas = [dev_ctx.alloc(o, x[0].dtype) for o in out]
    manip_funcs.meshgrid(dev_ctx.xp, [t.data for t in x], datas)
