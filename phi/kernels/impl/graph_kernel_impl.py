"""The graph message-passing kernels: send_u_recv, send_ue_recv, send_uv (legacy
graph_send_recv, graph_send_ue_recv, graph_send_uv; `fluidphi migrate` output of
legacy_fluid/operators/graph_send_op.py). Math in phi.kernels.funcs.graph."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import graph as graph_funcs

_TYPES = [DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64]


@register_kernel("send_u_recv", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES)
@register_kernel("send_u_recv", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES)
def send_u_recv_kernel(dev_ctx: DeviceContext, x: DenseTensor, src_index: DenseTensor,
                       dst_index: DenseTensor, reduce_op: str, out_size: IntArray,
                       out: OutTensor, dst_count: OutTensor) -> None:
    rows = graph_funcs.out_rows(out_size.get_data(), x.dims[0])
    count = graph_funcs.send_u_recv(
        dev_ctx.xp, x.data, src_index.data, dst_index.data,
        graph_funcs.graph_reduce("send_u_recv", reduce_op),
        dev_ctx.alloc(out, x.dtype, (rows, *x.dims[1:])))
    dev_ctx.alloc(dst_count, DataType.INT32, (rows,))[...] = dev_ctx.xp.asarray(count)


@register_kernel("send_ue_recv", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES)
@register_kernel("send_ue_recv", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES)
def send_ue_recv_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                        src_index: DenseTensor, dst_index: DenseTensor, message_op: str,
                        reduce_op: str, out_size: IntArray, out: OutTensor,
                        dst_count: OutTensor) -> None:
    rows = graph_funcs.out_rows(out_size.get_data(), x.dims[0])
    features = graph_funcs.message_dims("send_ue_recv", x.dims, y.dims)
    count = graph_funcs.send_ue_recv(
        dev_ctx.xp, x.data, y.data, src_index.data, dst_index.data,
        graph_funcs.graph_message("send_ue_recv", message_op),
        graph_funcs.graph_reduce("send_ue_recv", reduce_op),
        dev_ctx.alloc(out, x.dtype, (rows, *features)))
    dev_ctx.alloc(dst_count, DataType.INT32, (rows,))[...] = dev_ctx.xp.asarray(count)


@register_kernel("send_uv", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES)
@register_kernel("send_uv", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES)
def send_uv_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                   src_index: DenseTensor, dst_index: DenseTensor, message_op: str,
                   out: OutTensor) -> None:
    features = graph_funcs.message_dims("send_uv", x.dims, y.dims)
    graph_funcs.send_uv(dev_ctx.xp, x.data, y.data, src_index.data, dst_index.data,
                        graph_funcs.graph_message("send_uv", message_op),
                        dev_ctx.alloc(out, x.dtype, (src_index.dims[0], *features)))


@register_kernel("graph_reindex", Backend.CPU, DataLayout.ALL_LAYOUT,
                 [DataType.INT32, DataType.INT64])
@register_kernel("graph_reindex", Backend.GPU, DataLayout.ALL_LAYOUT,
                 [DataType.INT32, DataType.INT64])
def graph_reindex_kernel(dev_ctx: DeviceContext, x: DenseTensor, neighbors: DenseTensor,
                         count: DenseTensor, hashtable_value: DenseTensor | None,
                         hashtable_index: DenseTensor | None, reindex_src: OutTensor,
                         reindex_dst: OutTensor, out_nodes: OutTensor) -> None:
    results = graph_funcs.reindex_graph(x.data, neighbors.data, count.data)
    for out, array in zip((reindex_src, reindex_dst, out_nodes), results):
        dev_ctx.alloc(out, x.dtype, array.shape)[...] = dev_ctx.xp.asarray(array)
