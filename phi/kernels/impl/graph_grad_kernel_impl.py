"""Grads of the graph message-passing ops: send_u_recv_grad, send_ue_recv_grad,
send_uv_grad; one body each for every backend (math in phi.kernels.funcs.graph_grad)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import graph as graph_funcs
from phi.kernels.funcs import graph_grad as graph_grad_funcs
from phi.kernels.impl.dtype_sets import FLOAT_INT


@register_kernel("send_u_recv_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("send_u_recv_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def send_u_recv_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, src_index: DenseTensor,
                            dst_index: DenseTensor, out: DenseTensor | None,
                            dst_count: DenseTensor | None, out_grad: DenseTensor,
                            reduce_op: str, x_grad: OutTensor) -> None:
    reduce = graph_funcs.graph_reduce("graph_send_recv_grad", reduce_op)
    graph_grad_funcs.send_u_recv_grad(
        dev_ctx.xp, x.data, src_index.data, dst_index.data, None if out is None else out.data,
        None if dst_count is None else dst_count.data, out_grad.data, reduce,
        dev_ctx.alloc(x_grad, x.dtype))


@register_kernel("send_ue_recv_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("send_ue_recv_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def send_ue_recv_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                             src_index: DenseTensor, dst_index: DenseTensor,
                             out: DenseTensor | None, dst_count: DenseTensor | None,
                             out_grad: DenseTensor, message_op: str, reduce_op: str,
                             x_grad: OptionalOutTensor, y_grad: OptionalOutTensor) -> None:
    message = graph_funcs.graph_message("graph_send_ue_recv_grad", message_op)
    reduce = graph_funcs.graph_reduce("graph_send_ue_recv_grad", reduce_op)
    graph_grad_funcs.send_ue_recv_grad(
        dev_ctx.xp, x.data, y.data, src_index.data, dst_index.data,
        None if out is None else out.data, None if dst_count is None else dst_count.data,
        out_grad.data, message, reduce,
        None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype),
        None if y_grad is None else dev_ctx.alloc(y_grad, y.dtype))


@register_kernel("send_uv_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("send_uv_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def send_uv_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                        src_index: DenseTensor, dst_index: DenseTensor, out_grad: DenseTensor,
                        message_op: str, x_grad: OptionalOutTensor,
                        y_grad: OptionalOutTensor) -> None:
    message = graph_funcs.graph_message("graph_send_uv_grad", message_op)
    graph_grad_funcs.send_uv_grad(
        dev_ctx.xp, x.data, y.data, src_index.data, dst_index.data, out_grad.data, message,
        None if x_grad is None else dev_ctx.alloc(x_grad, x.dtype),
        None if y_grad is None else dev_ctx.alloc(y_grad, y.dtype))
