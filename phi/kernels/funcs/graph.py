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
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Any

import numpy as np

from phi.kernels.funcs.common import to_host


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
    fresh = neighbors[~np.isin(neighbors, x)]
    values, first = np.unique(fresh, return_index=True)
    fresh = values[np.argsort(first)]
    x_values, last_from_end = np.unique(x[::-1], return_index=True)
    keys = np.concatenate([x_values, fresh])
    ids = np.concatenate([x.size - 1 - last_from_end, x.size + np.arange(fresh.size)])
    order = np.argsort(keys, kind="stable")
    keys, ids = keys[order], ids[order]
    src = ids[np.searchsorted(keys, neighbors)].astype(x.dtype)
    dst = np.repeat(ids[np.searchsorted(keys, x)], count.reshape(-1)).astype(x.dtype)
    return src, dst, np.concatenate([x, fresh])
