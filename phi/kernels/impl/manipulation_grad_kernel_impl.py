"""Grads of the manipulation family: scatter_nd_add_grad, broadcast_tensors_grad,
partial_concat_grad, partial_sum_grad, multiplex_grad (math in
phi.kernels.funcs.manipulation), strided_slice_grad, roll_grad, expand_as_grad,
repeat_interleave_grad, meshgrid_grad and view_shape_grad (math in
phi.kernels.funcs.manipulation_grad); one body each for every backend."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor, OutTensorList
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import manipulation as manip_funcs
from phi.kernels.funcs import manipulation_grad as manip_grad_funcs

_SCATTER_TYPES = [DataType.UINT8, DataType.INT32, DataType.INT64, DataType.FLOAT32,
                  DataType.FLOAT64]
_IDS = {"ids": {"backend": Backend.ALL_BACKEND}}  # int32 as given (see multiplex_kernel_impl)


@register_kernel("scatter_nd_add_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _SCATTER_TYPES)
@register_kernel("scatter_nd_add_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _SCATTER_TYPES)
def scatter_nd_add_grad_kernel(dev_ctx: DeviceContext, index: DenseTensor, updates: DenseTensor,
                               out_grad: DenseTensor, x_grad: OptionalOutTensor,
                               updates_grad: OptionalOutTensor) -> None:
    manip_funcs.scatter_nd_add_grad(
        dev_ctx.xp, index.data, out_grad.data,
        None if x_grad is None else dev_ctx.alloc(x_grad, out_grad.dtype),
        None if updates_grad is None else dev_ctx.alloc(updates_grad, out_grad.dtype))


@register_kernel("broadcast_tensors_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 manip_funcs.BROADCAST_TENSORS_GRAD_TYPES)
@register_kernel("broadcast_tensors_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 manip_funcs.BROADCAST_TENSORS_TYPES)
def broadcast_tensors_grad_kernel(dev_ctx: DeviceContext, x: list[DenseTensor],
                                  out_grad: list[DenseTensor], x_grad: OutTensorList) -> None:
    datas = [None if t is None else dev_ctx.alloc(t, out_grad[0].dtype) for t in x_grad]
    manip_funcs.broadcast_tensors_grad(dev_ctx.xp, [tuple(t.dims) for t in x],
                                       [t.data for t in out_grad], datas)


@register_kernel("partial_concat_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 manip_funcs.PARTIAL_CONCAT_TYPES)
@register_kernel("partial_concat_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 manip_funcs.PARTIAL_CONCAT_TYPES)
def partial_concat_grad_kernel(dev_ctx: DeviceContext, x: list[DenseTensor],
                               out_grad: DenseTensor, start_index: int, length: int,
                               x_grad: OutTensorList) -> None:
    datas = [None if t is None else dev_ctx.alloc(t, out_grad.dtype) for t in x_grad]
    manip_funcs.partial_grad("partial_concat_grad", dev_ctx.xp, [tuple(t.dims) for t in x],
                             out_grad.data, start_index, length, datas)


@register_kernel("partial_sum_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 manip_funcs.PARTIAL_SUM_TYPES)
@register_kernel("partial_sum_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 manip_funcs.PARTIAL_SUM_TYPES)
def partial_sum_grad_kernel(dev_ctx: DeviceContext, x: list[DenseTensor], out_grad: DenseTensor,
                            start_index: int, length: int, x_grad: OutTensorList) -> None:
    datas = [None if t is None else dev_ctx.alloc(t, out_grad.dtype) for t in x_grad]
    manip_funcs.partial_grad("partial_sum_grad", dev_ctx.xp, [tuple(t.dims) for t in x],
                             out_grad.data, start_index, length, datas)


@register_kernel("multiplex_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 manip_funcs.PARTIAL_CONCAT_TYPES, arg_overrides=_IDS)
@register_kernel("multiplex_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 manip_funcs.PARTIAL_CONCAT_TYPES, arg_overrides=_IDS)
def multiplex_grad_kernel(dev_ctx: DeviceContext, x: list[DenseTensor], ids: DenseTensor,
                          out_grad: DenseTensor, x_grad: OutTensorList) -> None:
    datas = [None if t is None else dev_ctx.alloc(t, out_grad.dtype) for t in x_grad]
    manip_funcs.multiplex_grad(dev_ctx.xp, ids.data, out_grad.data, datas)


@register_kernel("strided_slice_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 manip_grad_funcs.STRIDED_SLICE_GRAD_TYPES)
@register_kernel("strided_slice_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 manip_grad_funcs.STRIDED_SLICE_GRAD_GPU_TYPES)
def strided_slice_grad_kernel(dev_ctx: DeviceContext, input: DenseTensor, out_grad: DenseTensor,
                              axes: list[int], starts: IntArray, ends: IntArray,
                              strides: IntArray, infer_flags: list[int],
                              decrease_axis: list[int], input_grad: OutTensor) -> None:
    data = dev_ctx.alloc(input_grad, out_grad.dtype)
    manip_grad_funcs.strided_slice_grad(dev_ctx.xp, out_grad.data, axes, starts.get_data(),
                                        ends.get_data(), strides.get_data(), infer_flags,
                                        decrease_axis, data)


@register_kernel("roll_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 manip_grad_funcs.ROLL_GRAD_TYPES)
@register_kernel("roll_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 manip_grad_funcs.ROLL_GRAD_TYPES)
def roll_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                     shifts: IntArray, axis: list[int], x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    manip_grad_funcs.roll_grad(dev_ctx.xp, out_grad.data, shifts.get_data(), axis, data)


@register_kernel("expand_as_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 manip_grad_funcs.EXPAND_AS_GRAD_TYPES)
@register_kernel("expand_as_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 manip_grad_funcs.EXPAND_AS_GRAD_TYPES)
def expand_as_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                          target_shape: list[int], x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    manip_grad_funcs.expand_as_grad(dev_ctx.xp, out_grad.data, data)


@register_kernel("repeat_interleave_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 manip_grad_funcs.REPEAT_INTERLEAVE_GRAD_TYPES)
@register_kernel("repeat_interleave_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 manip_grad_funcs.REPEAT_INTERLEAVE_GRAD_GPU_TYPES)
def repeat_interleave_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor,
                                  repeats_tensor: DenseTensor | None, out_grad: DenseTensor,
                                  repeats: int, dim: int, x_grad: OutTensor) -> None:
    if repeats_tensor is not None:
        repeats = manip_funcs.repeat_counts(repeats_tensor.data, x.dims[dim])
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    manip_grad_funcs.repeat_interleave_grad(dev_ctx.xp, out_grad.data, repeats, dim, data)


@register_kernel("meshgrid_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 manip_grad_funcs.MESHGRID_GRAD_TYPES)
@register_kernel("meshgrid_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 manip_grad_funcs.MESHGRID_GRAD_TYPES)
def meshgrid_grad_kernel(dev_ctx: DeviceContext, x: list[DenseTensor],
                         out_grad: list[DenseTensor], x_grad: OutTensorList) -> None:
    dtype = next(t.dtype for t in out_grad if t is not None)
    datas = [None if t is None else dev_ctx.alloc(t, dtype) for t in x_grad]
    manip_grad_funcs.meshgrid_grad(dev_ctx.xp, [None if t is None else t.data for t in out_grad],
                                   datas)


@register_kernel("view_shape_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 manip_grad_funcs.VIEW_SHAPE_GRAD_TYPES)
@register_kernel("view_shape_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 manip_grad_funcs.VIEW_SHAPE_GRAD_TYPES)
def view_shape_grad_kernel(dev_ctx: DeviceContext, input: DenseTensor, out_grad: DenseTensor,
                           dims: list[int], input_grad: OutTensor) -> None:
    data = dev_ctx.alloc(input_grad, out_grad.dtype)
    manip_grad_funcs.view_shape_grad(dev_ctx.xp, out_grad.data, data)
