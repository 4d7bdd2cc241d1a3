"""Grads of the manipulation family: scatter_nd_add_grad, broadcast_tensors_grad,
partial_concat_grad, partial_sum_grad, multiplex_grad; one body each for every backend
(math in phi.kernels.funcs.manipulation)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensorList
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import manipulation as manip_funcs

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
                 manip_funcs.BROADCAST_TENSORS_TYPES)
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
