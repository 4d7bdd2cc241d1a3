"""InferMeta of the graph message-passing ops (send_u_recv, send_ue_recv, send_uv). Dims
checks come from phi.kernels.funcs.graph, shared with the legacy infer_shape."""

from __future__ import annotations

from phi.common import DataType, IntArray
from phi.core.meta_tensor import MetaTensor


def send_u_recv_infer_meta(x: MetaTensor, src_index: MetaTensor, dst_index: MetaTensor,
                           reduce_op: str, out_size: IntArray, out: MetaTensor,
                           dst_count: MetaTensor) -> None:
    """out: out_size rows (X's when <= 0) of X's row dims; dst_count: int32 per out row."""
    from phi.kernels.funcs.graph import check_index_dims, graph_reduce, out_rows

    graph_reduce("send_u_recv", reduce_op)
    check_index_dims("send_u_recv", src_index.dims(), dst_index.dims())
    rows = out_rows(out_size.get_data(), x.dims()[0])
    out.set_dims((rows, *x.dims()[1:]))
    out.set_dtype(x.dtype())
    if dst_count:
        dst_count.set_dims((rows,))
        dst_count.set_dtype(DataType.INT32)


def send_ue_recv_infer_meta(x: MetaTensor, y: MetaTensor, src_index: MetaTensor,
                            dst_index: MetaTensor, message_op: str, reduce_op: str,
                            out_size: IntArray, out: MetaTensor, dst_count: MetaTensor) -> None:
    """out: out_size rows (X's when <= 0) of the broadcast feature dims of X and Y."""
    from phi.kernels.funcs.graph import graph_message, message_dims

    graph_message("send_ue_recv", message_op)
    send_u_recv_infer_meta(x, src_index, dst_index, reduce_op, out_size, out, dst_count)
    out.set_dims((out.dims()[0], *message_dims("send_ue_recv", x.dims(), y.dims())))


def send_uv_infer_meta(x: MetaTensor, y: MetaTensor, src_index: MetaTensor,
                       dst_index: MetaTensor, message_op: str, out: MetaTensor) -> None:
    """out: [E, broadcast of x's and y's feature dims], x's dtype."""
    from phi.kernels.funcs.graph import check_index_dims, graph_message, message_dims

    graph_message("send_uv", message_op)
    check_index_dims("send_uv", src_index.dims(), dst_index.dims())
    out.set_dims((src_index.dims()[0], *message_dims("send_uv", x.dims(), y.dims())))
    out.set_dtype(x.dtype())


def graph_reindex_infer_meta(x: MetaTensor, neighbors: MetaTensor, count: MetaTensor,
                             hashtable_value: MetaTensor, hashtable_index: MetaTensor,
                             reindex_src: MetaTensor, reindex_dst: MetaTensor,
                             out_nodes: MetaTensor) -> None:
    """reindex_src / reindex_dst: one id per neighbor; out_nodes: sized at run time; x's
    dtype."""
    for out, dims in ((reindex_src, neighbors.dims()), (reindex_dst, neighbors.dims()),
                      (out_nodes, (-1,))):
        out.set_dims(dims)
        out.set_dtype(x.dtype())
