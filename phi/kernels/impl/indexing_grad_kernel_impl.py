"""Grads of the indexing family: index_select_grad, gather_nd_grad, scatter_grad,
take_along_axis_grad, put_along_axis_grad, index_sample_grad, masked_select_grad and
masked_fill_grad; one body each for every backend (math in phi.kernels.funcs.indexing_grad)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import indexing_grad as grad_funcs

#: ids are used as given (their own dtype; the API would cast them to the data's)
_INDEX = {"index": {"backend": Backend.ALL_BACKEND}}
_IDS = {"ids": {"backend": Backend.ALL_BACKEND}}


@register_kernel("index_select_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 grad_funcs.INDEX_SELECT_GRAD_TYPES, arg_overrides=_INDEX)
@register_kernel("index_select_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 grad_funcs.INDEX_SELECT_GRAD_GPU_TYPES, arg_overrides=_INDEX)
def index_select_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, index: DenseTensor,
                             out_grad: DenseTensor, dim: int, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    grad_funcs.index_select_grad(dev_ctx.xp, index.data, out_grad.data, dim, data)


@register_kernel("gather_nd_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 grad_funcs.GATHER_ND_GRAD_TYPES, arg_overrides=_INDEX)
@register_kernel("gather_nd_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 grad_funcs.GATHER_ND_GRAD_TYPES, arg_overrides=_INDEX)
def gather_nd_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, index: DenseTensor,
                          out_grad: DenseTensor, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    grad_funcs.gather_nd_grad(dev_ctx.xp, index.data, out_grad.data, data)


@register_kernel("scatter_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 grad_funcs.SCATTER_GRAD_TYPES, arg_overrides=_IDS)
@register_kernel("scatter_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 grad_funcs.SCATTER_GRAD_TYPES, arg_overrides=_IDS)
def scatter_grad_kernel(dev_ctx: DeviceContext, ids: DenseTensor, updates: DenseTensor,
                        out_grad: DenseTensor, overwrite: bool, x_grad: OptionalOutTensor,
                        updates_grad: OptionalOutTensor) -> None:
    grad_funcs.scatter_grad(
        dev_ctx.xp, ids.data, out_grad.data,
        None if x_grad is None else dev_ctx.alloc(x_grad, out_grad.dtype),
        None if updates_grad is None else dev_ctx.alloc(updates_grad, out_grad.dtype))


@register_kernel("take_along_axis_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 grad_funcs.TAKE_ALONG_AXIS_GRAD_TYPES, arg_overrides=_INDEX)
@register_kernel("take_along_axis_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 grad_funcs.TAKE_ALONG_AXIS_GRAD_TYPES, arg_overrides=_INDEX)
def take_along_axis_grad_kernel(dev_ctx: DeviceContext, input: DenseTensor,
                                index: DenseTensor, result_grad: DenseTensor, axis: int,
                                input_grad: OutTensor) -> None:
    data = dev_ctx.alloc(input_grad, result_grad.dtype)
    grad_funcs.take_along_axis_grad(dev_ctx.xp, index.data, result_grad.data, axis, data)


@register_kernel("put_along_axis_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 grad_funcs.PUT_ALONG_AXIS_GRAD_TYPES, arg_overrides=_INDEX)
@register_kernel("put_along_axis_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 grad_funcs.PUT_ALONG_AXIS_GRAD_TYPES, arg_overrides=_INDEX)
def put_along_axis_grad_kernel(dev_ctx: DeviceContext, input: DenseTensor, index: DenseTensor,
                               value: DenseTensor, result: DenseTensor,
                               result_grad: DenseTensor, axis: int, reduce: str,
                               include_self: bool, input_grad: OptionalOutTensor,
                               value_grad: OptionalOutTensor) -> None:
    grad_funcs.put_along_axis_grad(
        dev_ctx.xp, input.data, index.data, value.data, result.data, result_grad.data, axis,
        reduce, include_self,
        None if input_grad is None else dev_ctx.alloc(input_grad, result_grad.dtype),
        None if value_grad is None else dev_ctx.alloc(value_grad, result_grad.dtype))


@register_kernel("index_sample_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 grad_funcs.INDEX_SAMPLE_GRAD_TYPES, arg_overrides=_INDEX)
@register_kernel("index_sample_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 grad_funcs.INDEX_SAMPLE_GRAD_TYPES, arg_overrides=_INDEX)
def index_sample_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, index: DenseTensor,
                             out_grad: DenseTensor, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    grad_funcs.index_sample_grad(dev_ctx.xp, index.data, out_grad.data, data)


@register_kernel("masked_select_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 grad_funcs.MASKED_GRAD_TYPES)
@register_kernel("masked_select_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 grad_funcs.MASKED_GRAD_GPU_TYPES)
def masked_select_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, mask: DenseTensor,
                              y_grad: DenseTensor, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, y_grad.dtype)
    grad_funcs.masked_select_grad(dev_ctx.xp, mask.data, y_grad.data, data)


@register_kernel("masked_fill_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 grad_funcs.MASKED_GRAD_TYPES)
@register_kernel("masked_fill_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 grad_funcs.MASKED_GRAD_GPU_TYPES)
def masked_fill_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, mask: DenseTensor,
                            value: DenseTensor, out_grad: DenseTensor,
                            x_grad: OptionalOutTensor, value_grad: OptionalOutTensor) -> None:
    grad_funcs.masked_fill_grad(
        dev_ctx.xp, mask.data, out_grad.data,
        None if x_grad is None else dev_ctx.alloc(x_grad, out_grad.dtype),
        None if value_grad is None else dev_ctx.alloc(value_grad, out_grad.dtype))
