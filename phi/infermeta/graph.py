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


def graph_sample_neighbors_infer_meta(row: MetaTensor, col_ptr: MetaTensor, x: MetaTensor,
                                      eids: MetaTensor, perm_buffer: MetaTensor,
                                      sample_size: int, return_eids: bool,
                                      flag_perm_buffer: bool, out: MetaTensor,
                                      out_count: MetaTensor, out_eids: MetaTensor) -> None:
    """out / out_eids: the picked neighbors (sized at run time, Row's dtype); out_count:
    int32 per node of x. Row, Col_Ptr, X (and Eids when returned) are [N] or [N, 1]."""
    from phi.kernels.funcs.graph import check_node_dims

    op = "graph_sample_neighbors"
    for name, tensor in (("Row", row), ("Col_Ptr", col_ptr), ("X", x)):
        check_node_dims(op, name, tensor.dims())
    if return_eids:
        if not eids:
            raise ValueError(f"{op}: return_eids needs the Eids input")
        check_node_dims(op, "Eids", eids.dims())
    _check_index_dtypes(op, (("Row", row), ("Col_Ptr", col_ptr), ("X", x), ("Eids", eids)))
    _sampled_outputs(row, x, out, out_count, out_eids if return_eids else None)


def weighted_sample_neighbors_infer_meta(row: MetaTensor, colptr: MetaTensor,
                                         edge_weight: MetaTensor, input_nodes: MetaTensor,
                                         eids: MetaTensor, sample_size: int, return_eids: bool,
                                         out_neighbors: MetaTensor, out_count: MetaTensor,
                                         out_eids: MetaTensor) -> None:
    """As graph_sample_neighbors; edge_weight: float32, one per edge."""
    from phi.kernels.funcs.graph import check_node_dims

    op = "weighted_sample_neighbors"
    for name, tensor in (("row", row), ("colptr", colptr), ("edge_weight", edge_weight),
                         ("input_nodes", input_nodes)):
        check_node_dims(op, name, tensor.dims())
    if edge_weight.dtype() != DataType.FLOAT32:
        raise TypeError(f"{op}: edge_weight must be float32, got {edge_weight.dtype()}")
    if return_eids and not eids:
        raise ValueError(f"{op}: return_eids needs the eids input")
    _check_index_dtypes(op, (("row", row), ("colptr", colptr), ("input_nodes", input_nodes),
                             ("eids", eids)))
    _sampled_outputs(row, input_nodes, out_neighbors, out_count,
                     out_eids if return_eids else None)


def _check_index_dtypes(op: str, named: tuple[tuple[str, MetaTensor], ...]) -> None:
    """Every given node / edge tensor in the first one's dtype, int32 or int64."""
    first_name, first = named[0]
    if first.dtype() not in (DataType.INT32, DataType.INT64):
        raise TypeError(f"{op}: {first_name} must be int32 or int64, got {first.dtype()}")
    for name, tensor in named[1:]:
        if tensor and tensor.dtype() != first.dtype():
            raise TypeError(f"{op}: {name} must have {first_name}'s dtype {first.dtype()}, "
                            f"got {tensor.dtype()}")


def _sampled_outputs(row: MetaTensor, x: MetaTensor, out: MetaTensor, out_count: MetaTensor,
                     out_eids: MetaTensor | None) -> None:
    for tensor in (out, out_eids):
        if tensor:
            tensor.set_dims((-1,))
            tensor.set_dtype(row.dtype())
    out_count.set_dims((x.dims()[0],))
    out_count.set_dtype(DataType.INT32)


def graph_khop_sampler_infer_meta(row: MetaTensor, col_ptr: MetaTensor, x: MetaTensor,
                                  eids: MetaTensor, sample_sizes: list[int], return_eids: bool,
                                  out_src: MetaTensor, out_dst: MetaTensor,
                                  sample_index: MetaTensor, reindex_x: MetaTensor,
                                  out_eids: MetaTensor) -> None:
    """out_src / out_dst [E, 1], sample_index [-1], reindex_x X's dims, out_eids [E]: Row's
    dtype. sample_sizes must name at least one layer."""
    from phi.kernels.funcs.graph import check_node_dims

    op = "graph_khop_sampler"
    for name, tensor in (("Row", row), ("Col_Ptr", col_ptr), ("X", x)):
        check_node_dims(op, name, tensor.dims())
    if not sample_sizes:
        raise ValueError(f"{op}: sample_sizes must name at least one layer's sample size")
    if return_eids and not eids:
        raise ValueError(f"{op}: return_eids needs the Eids input")
    _check_index_dtypes(op, (("Row", row), ("Col_Ptr", col_ptr), ("X", x), ("Eids", eids)))
    for tensor, dims in ((out_src, (-1, 1)), (out_dst, (-1, 1)), (sample_index, (-1,)),
                         (reindex_x, x.dims()), (out_eids, (-1,))):
        if tensor and (tensor is not out_eids or return_eids):
            tensor.set_dims(dims)
            tensor.set_dtype(row.dtype())
