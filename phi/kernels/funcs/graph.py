"""Graph message-passing math.

send_u_recv (legacy graph_send_recv): the rows x[src_index[e]] of every edge e are reduced
into out[dst_index[e]] by SUM, MEAN, MAX or MIN; a row that receives nothing is 0. Out has
`out_size` rows when that is > 0, else x's rows. Indices are [E] or [E, 1], int32 / int64; an
index outside the rows it addresses is refused (Paddle refuses it when slicing the row). A
SUM adds the edges in index order (np.add.at), the order Paddle's CPU loop adds them in; a
MEAN divides that sum by the edge count (integer dtypes truncate, as C++ division does).

send_ue_recv (legacy graph_send_ue_recv): as send_u_recv, with each edge's message
x[src[e]] combined (ADD or MUL) with the edge feature y[e] first; send_uv (legacy
graph_send_uv): out[e] = x[src[e]] op y[dst[e]] (ADD or MUL) with no reduction. Feature
dims broadcast as NumPy does (from the right). Paddle's kernels compute ADD and MUL only
(its Python API rewrites SUB and DIV into them; other values leave Out unwritten), so any
other message_op is refused here.

graph_sample_neighbors / weighted_sample_neighbors / graph_khop_sampler: neighbor sampling
over a CSC graph (Row: the edges' source nodes grouped by destination, Col_Ptr: each
node's first edge). A node with at most sample_size neighbors keeps them all in order; from
a larger neighborhood Paddle draws sample_size of them from a std::mt19937 seeded by
std::random_device (uniformly, or by A-Res keys log2(u) / weight, kept in ascending key
order), which no seed reproduces: fluidphi draws from its own generator
(`random.seed_all`), with the same distribution (docs/random.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Any

import numpy as np

from phi.kernels.funcs.common import to_host
from phi.kernels.funcs.random import global_generator


class GraphReduce(Enum):
    """How the messages arriving at one row combine."""

    SUM = "SUM"
    MEAN = "MEAN"
    MAX = "MAX"
    MIN = "MIN"


class GraphMessage(Enum):
    """How an edge's message combines the source row with the other operand."""

    ADD = "ADD"
    MUL = "MUL"


def graph_message(op: str, value: str) -> GraphMessage:
    """The message_op attribute, refused with the accepted values when unknown."""
    try:
        return GraphMessage(value.upper())
    except ValueError:
        raise ValueError(f"{op}: message_op must be one of "
                         f"{[m.value for m in GraphMessage]}, got {value!r}") from None


def message_dims(op: str, x_dims: Sequence[int], y_dims: Sequence[int]) -> tuple[int, ...]:
    """The broadcast of X's and Y's feature dims (all but the first)."""
    try:
        return tuple(np.broadcast_shapes(tuple(x_dims[1:]), tuple(y_dims[1:])))
    except ValueError:
        raise ValueError(f"{op}: the feature dims of X {list(x_dims)} and Y {list(y_dims)} "
                         f"cannot be broadcast together") from None


def edge_message(xp: Any, message: GraphMessage, a: Any, b: Any) -> Any:
    """a op b for row-aligned a [E, ...] and b [E, ...]: their feature dims broadcast from
    the right, the edge dim stays first."""
    ndim = max(a.ndim, b.ndim)
    a = a.reshape((a.shape[0],) + (1,) * (ndim - a.ndim) + a.shape[1:])
    b = b.reshape((b.shape[0],) + (1,) * (ndim - b.ndim) + b.shape[1:])
    return a + b if message is GraphMessage.ADD else a * b


def graph_reduce(op: str, value: str) -> GraphReduce:
    """The reduce_op attribute, refused with the accepted values when unknown."""
    try:
        return GraphReduce(value.upper())
    except ValueError:
        raise ValueError(f"{op}: reduce_op must be one of "
                         f"{[r.value for r in GraphReduce]}, got {value!r}") from None


def check_index_dims(op: str, src_dims: Sequence[int], dst_dims: Sequence[int]) -> None:
    """Src and Dst index: the same [E] or [E, 1] dims."""
    for name, dims in (("Src_index", src_dims), ("Dst_index", dst_dims)):
        if not (len(dims) == 1 or (len(dims) == 2 and dims[1] == 1)):
            raise ValueError(f"{op}: {name} must be [E] or [E, 1], got {list(dims)}")
    if src_dims[0] != dst_dims[0]:
        raise ValueError(f"{op}: Src_index and Dst_index should have the same shape, got "
                         f"{list(src_dims)} and {list(dst_dims)}")


def out_rows(out_size: Sequence[int], x_rows: int) -> int:
    """Out's rows: out_size[0] when > 0, else X's."""
    return int(out_size[0]) if len(out_size) and int(out_size[0]) > 0 else x_rows


def checked_rows(op: str, index: Any, rows: int, name: str) -> Any:
    """The index as a flat int64 host array, every value a row in [0, rows)."""
    host = to_host(index).reshape(-1).astype(np.int64)
    if host.size and (host.min() < 0 or host.max() >= rows):
        bad = int(host.min()) if host.min() < 0 else int(host.max())
        raise IndexError(f"{op}: {name} {bad} is out of range: the row index must lie in "
                         f"[0, {rows})")
    return host


def reduce_into(xp: Any, messages: Any, dst: Any, reduce: GraphReduce, out: Any) -> Any:
    """Reduce messages [E, ...] into out's rows at dst (host int64, checked); returns the
    per-row edge counts (int32)."""
    rows = out.shape[0]
    count = np.bincount(dst, minlength=rows).astype(np.int32)
    dst_xp = xp.asarray(dst)
    if reduce in (GraphReduce.SUM, GraphReduce.MEAN):
        acc = xp.zeros(out.shape, out.dtype)
        xp.add.at(acc, dst_xp, messages)
        if reduce is GraphReduce.MEAN:
            div = xp.asarray(np.maximum(count, 1)).reshape((rows,) + (1,) * (out.ndim - 1))
            div = div.astype(out.dtype)
            acc = (xp.sign(acc) * (xp.abs(acc) // div) if np.issubdtype(out.dtype, np.integer)
                   else acc / div)  # C++ integer division truncates
    else:
        info = np.finfo if np.issubdtype(out.dtype, np.floating) else np.iinfo
        start = info(out.dtype).min if reduce is GraphReduce.MAX else info(out.dtype).max
        acc = xp.full(out.shape, start, out.dtype)
        ufunc = xp.maximum if reduce is GraphReduce.MAX else xp.minimum
        ufunc.at(acc, dst_xp, messages)
        acc[xp.asarray(count == 0)] = 0
    out[...] = acc
    return count


def send_u_recv(xp: Any, x: Any, src_index: Any, dst_index: Any, reduce: GraphReduce,
                out: Any) -> Any:
    """out [rows, *x.shape[1:]]: x's rows at src reduced at dst; returns the edge counts."""
    src = checked_rows("graph_send_recv", src_index, x.shape[0], "Src_index")
    dst = checked_rows("graph_send_recv", dst_index, out.shape[0], "Dst_index")
    return reduce_into(xp, x[xp.asarray(src)], dst, reduce, out)


def send_ue_recv(xp: Any, x: Any, y: Any, src_index: Any, dst_index: Any,
                 message: GraphMessage, reduce: GraphReduce, out: Any) -> Any:
    """out [rows, *features]: x's rows at src combined with y's edge rows, reduced at dst;
    returns the edge counts."""
    src = checked_rows("graph_send_ue_recv", src_index, x.shape[0], "Src_index")
    dst = checked_rows("graph_send_ue_recv", dst_index, out.shape[0], "Dst_index")
    if y.shape[0] != src.size:
        raise ValueError(f"graph_send_ue_recv: Y must have {src.size} rows (one per edge), "
                         f"got {list(y.shape)}")
    return reduce_into(xp, edge_message(xp, message, x[xp.asarray(src)], y), dst, reduce, out)


def send_uv(xp: Any, x: Any, y: Any, src_index: Any, dst_index: Any, message: GraphMessage,
            out: Any) -> None:
    """out [E, *features]: x's row at src op y's row at dst, per edge."""
    src = checked_rows("graph_send_uv", src_index, x.shape[0], "src_index")
    dst = checked_rows("graph_send_uv", dst_index, y.shape[0], "dst_index")
    out[...] = edge_message(xp, message, x[xp.asarray(src)], y[xp.asarray(dst)])


def _renumber(x: np.ndarray, neighbors: np.ndarray) -> tuple[np.ndarray, np.ndarray,
                                                             np.ndarray]:
    """(keys, ids, fresh): x's nodes (a repeated one: its last position) and then the
    neighbors not in x (first-appearance order, `fresh`) numbered from 0, as sorted keys
    with their ids for `lookup`."""
    fresh = neighbors[~np.isin(neighbors, x)]
    values, first = np.unique(fresh, return_index=True)
    fresh = values[np.argsort(first)]
    x_values, last_from_end = np.unique(x[::-1], return_index=True)
    keys = np.concatenate([x_values, fresh])
    ids = np.concatenate([x.size - 1 - last_from_end, x.size + np.arange(fresh.size)])
    order = np.argsort(keys, kind="stable")
    return keys[order], ids[order], fresh


def _lookup(keys: np.ndarray, ids: np.ndarray, nodes: np.ndarray) -> np.ndarray:
    return ids[np.searchsorted(keys, nodes)]


def reindex_graph(x: Any, neighbors: Any, count: Any) -> tuple[Any, Any, Any]:
    """(reindex_src, reindex_dst, out_nodes) on the host for graph_reindex: out_nodes is x
    (as given, duplicates kept) followed by the neighbors not in x in first-appearance order;
    a node's new id is its position there (a node repeated in x: its last position);
    reindex_src the neighbors' ids, reindex_dst each center's id repeated count times."""
    x, neighbors, count = to_host(x).reshape(-1), to_host(neighbors).reshape(-1), to_host(count)
    if count.dtype != np.int32:
        raise TypeError(f"graph_reindex: Count must be int32, got {count.dtype}")
    if count.reshape(-1).size != x.size or int(count.sum()) != neighbors.size:
        raise ValueError(f"graph_reindex: Count must hold one neighbor count per node of X "
                         f"({x.size}) summing to the {neighbors.size} Neighbors, got "
                         f"{count.reshape(-1).tolist()}")
    keys, ids, fresh = _renumber(x, neighbors)
    src = _lookup(keys, ids, neighbors).astype(x.dtype)
    dst = np.repeat(_lookup(keys, ids, x), count.reshape(-1)).astype(x.dtype)
    return src, dst, np.concatenate([x, fresh])


# -- neighbor sampling -------------------------------------------------------------------------

def check_node_dims(op: str, name: str, dims: Sequence[int]) -> None:
    """A node list: [N] or [N, 1]."""
    if not (len(dims) == 1 or (len(dims) == 2 and dims[1] == 1)):
        raise ValueError(f"{op}: {name} must be [N] or [N, 1] (the last dim of a 2-D {name} "
                         f"should be 1), got {list(dims)}")


def _neighborhoods(op: str, row: np.ndarray, col_ptr: np.ndarray, nodes: np.ndarray
                   ) -> tuple[np.ndarray, np.ndarray]:
    """(edges, caps): the positions in Row of every node's neighbors, node after node, and
    each node's neighbor count; nodes outside Col_Ptr or edges outside Row are refused
    (Paddle reads past the arrays)."""
    n = col_ptr.size - 1
    if nodes.size and (nodes.min() < 0 or nodes.max() >= n):
        bad = int(nodes.min()) if nodes.min() < 0 else int(nodes.max())
        raise IndexError(f"{op}: node {bad} is out of range: Col_Ptr holds {col_ptr.size} "
                         f"offsets, so the nodes must lie in [0, {n})")
    begin, end = col_ptr[nodes], col_ptr[nodes + 1]
    caps = end - begin
    if nodes.size and (caps.min() < 0 or begin.min() < 0 or end.max() > row.size):
        raise ValueError(f"{op}: Col_Ptr must be non-decreasing offsets into the "
                         f"{row.size} edges of Row, got {col_ptr.tolist()}")
    starts = np.cumsum(caps) - caps
    edges = np.arange(int(caps.sum()), dtype=np.int64) + np.repeat(begin - starts, caps)
    return edges, caps.astype(np.int64)


def sample_neighbors(op: str, row: Any, col_ptr: Any, nodes: Any, sample_size: int,
                     eids: Any = None, weights: Any = None
                     ) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """(out, count, out_eids) on the host: each node's neighbors (Row at its Col_Ptr range),
    all of them in order where they are at most sample_size, else sample_size of them drawn
    without replacement (uniformly, or by A-Res keys log2(u) / weight in ascending key
    order where `weights` are given); count int32 per node; out_eids the same picks of
    `eids`. Nodes after nodes."""
    if sample_size < 0:
        raise ValueError(f"{op}: sample_size must be >= 0, got {sample_size} (Paddle sizes "
                         f"its output by it and fails with std::length_error)")
    row, col_ptr = to_host(row).reshape(-1), to_host(col_ptr).reshape(-1).astype(np.int64)
    nodes = to_host(nodes).reshape(-1).astype(np.int64)
    edges, caps = _neighborhoods(op, row, col_ptr, nodes)
    segment = np.repeat(np.arange(nodes.size), caps)
    local = edges - np.repeat(col_ptr[nodes], caps)
    keys = local.astype(np.float64)
    drawn = (caps > sample_size)[segment]
    u = global_generator().random(int(drawn.sum()))
    if weights is None:
        keys[drawn] = u
    else:  # A-Res: the sample_size largest log2(u) / w, sorted here by their negation
        w = to_host(weights).reshape(-1)[edges[drawn]].astype(np.float64)
        with np.errstate(divide="ignore", invalid="ignore"):
            keys[drawn] = -(np.log2(u) / w)
    order = np.lexsort((keys, segment))
    count = np.minimum(caps, sample_size)
    starts = np.cumsum(caps) - caps
    keep = order[np.arange(order.size) - np.repeat(starts, caps) < np.repeat(count, caps)]
    if weights is not None:  # Paddle's min-heap pops the kept keys in ascending order
        kept_start = (np.cumsum(count) - count)[segment[keep]]
        rank = np.arange(keep.size) - kept_start
        reverse = kept_start + count[segment[keep]] - 1 - rank
        keep = keep[np.where(drawn[keep], reverse, np.arange(keep.size))]
    picked = edges[keep]
    out_eids = None if eids is None else to_host(eids).reshape(-1)[picked]
    return row[picked], count.astype(np.int32), out_eids


def khop_sample(row: Any, col_ptr: Any, x: Any, sample_sizes: Sequence[int],
                eids: Any = None) -> tuple[np.ndarray, ...]:
    """(out_src [E, 1], out_dst [E, 1], sample_index, reindex_x, out_eids) on the host for
    graph_khop_sampler, as Paddle's CPU kernel lays them out. Layer 0's frontier is X with
    consecutive repeats dropped; each layer samples (`sample_neighbors`) the first len(X)
    nodes of its frontier, and the next frontier is the sorted distinct picks not in this
    one. sample_index lists every frontier node, then the picked nodes not among them, and
    the edges are renumbered as graph_reindex does (a node listed twice: its last place);
    the counts of layer i sit at place i * len(X) of that list, as Paddle's kernel puts them.
    A frontier smaller than X (Paddle reads past it) is refused."""
    op = "graph_khop_sampler"
    x = to_host(x).reshape(-1)
    if 0 in (to_host(row).size, to_host(col_ptr).size, x.size):
        raise ValueError(f"{op}: Row, Col_Ptr and X should not be empty (size 0)")
    bs = x.size
    frontier = x[np.concatenate([[True], x[1:] != x[:-1]])]
    frontiers, picks, counts, picked_eids = [], [], [], []
    for layer, k in enumerate(sample_sizes):
        if frontier.size < bs:
            raise ValueError(
                f"{op}: layer {layer} samples {frontier.size} distinct frontier nodes, fewer "
                f"than the {bs} nodes of X: Paddle's CPU kernel samples len(X) nodes of each "
                f"frontier and reads past a smaller one (X must hold no consecutive repeats, "
                f"every layer must reach at least len(X) new nodes)")
        out, count, out_eids = sample_neighbors(op, row, col_ptr, frontier[:bs], k, eids)
        if layer == 0 and out.size == 0:
            raise ValueError(f"{op}: the input nodes X should have at least one neighbor, "
                             f"but none of them has any")
        frontiers.append(frontier)
        picks.append(out)
        counts.append(count)
        picked_eids.append(out_eids)
        frontier = np.setdiff1d(out, frontier)
    dst_nodes = np.concatenate(frontiers)
    src_nodes = np.concatenate(picks)
    dst_counts = np.zeros(dst_nodes.size, np.int64)
    for layer, count in enumerate(counts):
        dst_counts[layer * bs:(layer + 1) * bs] = count
    keys, ids, fresh = _renumber(dst_nodes, src_nodes)
    src = _lookup(keys, ids, src_nodes).astype(x.dtype).reshape(-1, 1)
    dst = np.repeat(_lookup(keys, ids, dst_nodes), dst_counts).astype(x.dtype).reshape(-1, 1)
    out_eids = None if eids is None else np.concatenate(picked_eids)
    return (src, dst, np.concatenate([dst_nodes, fresh]),
            _lookup(keys, ids, x).astype(x.dtype), out_eids)
