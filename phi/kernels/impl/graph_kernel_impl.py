"""The graph kernels: message passing send_u_recv, send_ue_recv, send_uv (legacy
graph_send_recv, graph_send_ue_recv, graph_send_uv; `fluidphi migrate` output of
legacy_fluid/operators/graph_send_op.py), graph_reindex and the neighbor samplers
graph_sample_neighbors, weighted_sample_neighbors, graph_khop_sampler. Math in
phi.kernels.funcs.graph."""

from __future__ import annotations

import numpy as np

from phi.common import Backend, DataLayout, DataType, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import graph as graph_funcs
from phi.kernels.impl.dtype_sets import FLOAT_INT, INT


@register_kernel("send_u_recv", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("send_u_recv", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def send_u_recv_kernel(dev_ctx: DeviceContext, x: DenseTensor, src_index: DenseTensor,
                       dst_index: DenseTensor, reduce_op: str, out_size: IntArray,
                       out: OutTensor, dst_count: OutTensor) -> None:
    rows = graph_funcs.out_rows(out_size.get_data(), x.dims[0])
    count = graph_funcs.send_u_recv(
        dev_ctx.xp, x.data, src_index.data, dst_index.data,
        graph_funcs.graph_reduce("send_u_recv", reduce_op),
        dev_ctx.alloc(out, x.dtype, (rows, *x.dims[1:])))
    dev_ctx.alloc(dst_count, DataType.INT32, (rows,))[...] = dev_ctx.xp.asarray(count)


@register_kernel("send_ue_recv", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("send_ue_recv", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
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


@register_kernel("send_uv", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("send_uv", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def send_uv_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                   src_index: DenseTensor, dst_index: DenseTensor, message_op: str,
                   out: OutTensor) -> None:
    features = graph_funcs.message_dims("send_uv", x.dims, y.dims)
    graph_funcs.send_uv(dev_ctx.xp, x.data, y.data, src_index.data, dst_index.data,
                        graph_funcs.graph_message("send_uv", message_op),
                        dev_ctx.alloc(out, x.dtype, (src_index.dims[0], *features)))


@register_kernel("graph_reindex", Backend.CPU, DataLayout.ALL_LAYOUT, INT)
@register_kernel("graph_reindex", Backend.GPU, DataLayout.ALL_LAYOUT, INT)
def graph_reindex_kernel(dev_ctx: DeviceContext, x: DenseTensor, neighbors: DenseTensor,
                         count: DenseTensor, hashtable_value: DenseTensor | None,
                         hashtable_index: DenseTensor | None, reindex_src: OutTensor,
                         reindex_dst: OutTensor, out_nodes: OutTensor) -> None:
    results = graph_funcs.reindex_graph(x.data, neighbors.data, count.data)
    for out, array in zip((reindex_src, reindex_dst, out_nodes), results):
        dev_ctx.alloc(out, x.dtype, array.shape)[...] = dev_ctx.xp.asarray(array)


def _write(dev_ctx: DeviceContext, out: DenseTensor | None, array: object | None,
           dtype: DataType) -> None:
    if out is not None and array is not None:
        host = np.asarray(array)
        dev_ctx.alloc(out, dtype, host.shape)[...] = dev_ctx.xp.asarray(host)


def _write_sampled(dev_ctx: DeviceContext, row: DenseTensor, results: tuple,
                   outs: tuple) -> None:
    for out, array, dtype in zip(outs, results, (row.dtype, DataType.INT32, row.dtype)):
        _write(dev_ctx, out, array, dtype)


@register_kernel("graph_sample_neighbors", Backend.CPU, DataLayout.ALL_LAYOUT, INT)
@register_kernel("graph_sample_neighbors", Backend.GPU, DataLayout.ALL_LAYOUT, INT)
def graph_sample_neighbors_kernel(dev_ctx: DeviceContext, row: DenseTensor,
                                  col_ptr: DenseTensor, x: DenseTensor,
                                  eids: DenseTensor | None, perm_buffer: DenseTensor | None,
                                  sample_size: int, return_eids: bool, flag_perm_buffer: bool,
                                  out: OutTensor, out_count: OutTensor,
                                  out_eids: OutTensor) -> None:
    results = graph_funcs.sample_neighbors(
        "graph_sample_neighbors", row.data, col_ptr.data, x.data, sample_size,
        eids.data if return_eids and eids is not None else None)
    _write_sampled(dev_ctx, row, results, (out, out_count, out_eids))


@register_kernel("weighted_sample_neighbors", Backend.CPU, DataLayout.ALL_LAYOUT, INT)
@register_kernel("weighted_sample_neighbors", Backend.GPU, DataLayout.ALL_LAYOUT, INT)
def weighted_sample_neighbors_kernel(dev_ctx: DeviceContext, row: DenseTensor,
                                     colptr: DenseTensor, edge_weight: DenseTensor,
                                     input_nodes: DenseTensor, eids: DenseTensor | None,
                                     sample_size: int, return_eids: bool,
                                     out_neighbors: OutTensor, out_count: OutTensor,
                                     out_eids: OutTensor) -> None:
    results = graph_funcs.sample_neighbors(
        "weighted_sample_neighbors", row.data, colptr.data, input_nodes.data, sample_size,
        eids.data if return_eids and eids is not None else None, edge_weight.data)
    _write_sampled(dev_ctx, row, results, (out_neighbors, out_count, out_eids))


@register_kernel("graph_khop_sampler", Backend.CPU, DataLayout.ALL_LAYOUT, INT)
@register_kernel("graph_khop_sampler", Backend.GPU, DataLayout.ALL_LAYOUT, INT)
def graph_khop_sampler_kernel(dev_ctx: DeviceContext, row: DenseTensor, col_ptr: DenseTensor,
                              x: DenseTensor, eids: DenseTensor | None,
                              sample_sizes: list[int], return_eids: bool, out_src: OutTensor,
                              out_dst: OutTensor, sample_index: OutTensor,
                              reindex_x: OutTensor, out_eids: OutTensor) -> None:
    results = graph_funcs.khop_sample(row.data, col_ptr.data, x.data, sample_sizes,
                                      eids.data if return_eids and eids is not None else None)
    for out, array in zip((out_src, out_dst, sample_index, reindex_x, out_eids), results):
        _write(dev_ctx, out, array, row.dtype)
