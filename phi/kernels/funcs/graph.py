"""Graph message-passing math.

send_u_recv (legacy graph_send_recv): the rows x[src_index[e]] of every edge e are reduced
into out[dst_index[e]] by SUM, MEAN, MAX or MIN; a row that receives nothing is 0. Out has
`out_size` rows when that is > 0, else x's rows. Indices are [E] or [E, 1], int32 / int64; an
index outside the rows it addresses is refused (Paddle refuses it when slicing the row). A
SUM adds the edges in index order (np.add.at), the order Paddle's CPU loop adds them in; a
MEAN divides that sum by the edge count (integer dtypes truncate, as C++ division does).
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
        xp.add.at(acc, dst_xp, messages.astype(out.dtype, copy=False))
        if reduce is GraphReduce.MEAN:
            div = xp.asarray(np.maximum(count, 1)).reshape((rows,) + (1,) * (out.ndim - 1))
            if np.issubdtype(out.dtype, np.integer):
                acc = xp.sign(acc) * (xp.abs(acc) // div.astype(out.dtype))
            else:
                acc = acc / div.astype(out.dtype)
    else:
        info = np.finfo if np.issubdtype(out.dtype, np.floating) else np.iinfo
        start = info(out.dtype).min if reduce is GraphReduce.MAX else info(out.dtype).max
        acc = xp.full(out.shape, start, out.dtype)
        ufunc = xp.maximum if reduce is GraphReduce.MAX else xp.minimum
        ufunc.at(acc, dst_xp, messages.astype(out.dtype, copy=False))
        acc[xp.asarray(count == 0)] = 0
    out[...] = acc
    return count


def send_u_recv(xp: Any, x: Any, src_index: Any, dst_index: Any, reduce: GraphReduce,
                out: Any) -> Any:
    """out [rows, *x.shape[1:]]: x's rows at src reduced at dst; returns the edge counts."""
    src = checked_rows("graph_send_recv", src_index, x.shape[0], "Src_index")
    dst = checked_rows("graph_send_recv", dst_index, out.shape[0], "Dst_index")
    return reduce_into(xp, x[xp.asarray(src)], dst, reduce, out)
