"""Gradients of the graph message-passing ops (phi.kernels.funcs.graph), as Paddle 3.3.1's
CPU kernels compute them.

Each edge e's message gets Out@GRAD's row dst[e]: divided by Dst_count there for MEAN; for
MAX / MIN only where the message equals Out's row (every tied edge gets the whole
gradient, none is split). A message x[src[e]] op y (ADD: gradient as is; MUL: times the
other operand) sends it on to X's row src[e] (added up over edges) and to Y's edge row
(send_ue_recv) or Y's row dst[e] (send_uv), summed over the feature dims the operand was
broadcast along.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from phi.kernels.funcs.graph import (
    GraphMessage,
    GraphReduce,
    checked_rows,
    edge_message,
)


def _sum_to(xp: Any, grad: Any, dims: tuple[int, ...]) -> Any:
    """grad [E, *features] summed to [E, *dims[1:]] (NumPy broadcasting undone)."""
    feat = tuple(dims[1:])
    lead = grad.ndim - 1 - len(feat)
    axes = (*range(1, 1 + lead), *(1 + lead + i for i, d in enumerate(feat)
                                   if d == 1 and grad.shape[1 + lead + i] != 1))
    summed = xp.sum(grad, axis=axes, keepdims=True) if axes else grad
    return summed.reshape((grad.shape[0], *feat))


def _edge_grad(xp: Any, out_grad: Any, out: Any | None, dst_count: Any | None, dst: Any,
               reduce: GraphReduce, messages: Any | None) -> Any:
    """Each edge's message gradient [E, *features]."""
    dst_xp = xp.asarray(dst)
    grad = out_grad[dst_xp]
    if reduce is GraphReduce.MEAN:
        if dst_count is None:
            raise ValueError("graph grad: reduce_op MEAN needs the forward's Dst_count")
        count = xp.maximum(dst_count.reshape(-1)[dst_xp], 1).astype(grad.dtype)
        count = count.reshape((-1,) + (1,) * (grad.ndim - 1))
        if np.issubdtype(grad.dtype, np.integer):  # C++ integer division truncates
            return xp.sign(grad) * (xp.abs(grad) // count)
        return grad / count
    if reduce in (GraphReduce.MAX, GraphReduce.MIN):
        if out is None:
            raise ValueError(f"graph grad: reduce_op {reduce.value} needs the forward's Out")
        return grad * (messages == out[dst_xp]).astype(grad.dtype)
    return grad


def send_u_recv_grad(xp: Any, x: Any, src_index: Any, dst_index: Any, out: Any | None,
                     dst_count: Any | None, out_grad: Any, reduce: GraphReduce,
                     x_grad: Any) -> None:
    op = "graph_send_recv_grad"
    src = checked_rows(op, src_index, x.shape[0], "Src_index")
    dst = checked_rows(op, dst_index, out_grad.shape[0], "Dst_index")
    messages = x[xp.asarray(src)] if reduce in (GraphReduce.MAX, GraphReduce.MIN) else None
    x_grad[...] = 0
    xp.add.at(x_grad, xp.asarray(src), _edge_grad(xp, out_grad, out, dst_count, dst, reduce,
                                                  messages))


def send_ue_recv_grad(xp: Any, x: Any, y: Any, src_index: Any, dst_index: Any,
                      out: Any | None, dst_count: Any | None, out_grad: Any,
                      message: GraphMessage, reduce: GraphReduce, x_grad: Any | None,
                      y_grad: Any | None) -> None:
    op = "graph_send_ue_recv_grad"
    src = checked_rows(op, src_index, x.shape[0], "Src_index")
    dst = checked_rows(op, dst_index, out_grad.shape[0], "Dst_index")
    xs = x[xp.asarray(src)]
    messages = edge_message(xp, message, xs, y)
    grad = _edge_grad(xp, out_grad, out, dst_count, dst, reduce, messages)
    if x_grad is not None:
        gx = grad if message is GraphMessage.ADD else edge_message(xp, message, grad, y)
        x_grad[...] = 0
        xp.add.at(x_grad, xp.asarray(src), _sum_to(xp, gx, x.shape))
    if y_grad is not None:
        gy = grad if message is GraphMessage.ADD else edge_message(xp, message, grad, xs)
        y_grad[...] = _sum_to(xp, gy, y.shape)


def send_uv_grad(xp: Any, x: Any, y: Any, src_index: Any, dst_index: Any, out_grad: Any,
                 message: GraphMessage, x_grad: Any | None, y_grad: Any | None) -> None:
    op = "graph_send_uv_grad"
    src = xp.asarray(checked_rows(op, src_index, x.shape[0], "src_index"))
    dst = xp.asarray(checked_rows(op, dst_index, y.shape[0], "dst_index"))
    if x_grad is not None:
        gx = out_grad if message is GraphMessage.ADD else edge_message(xp, message, out_grad,
                                                                       y[dst])
        x_grad[...] = 0
        xp.add.at(x_grad, src, _sum_to(xp, gx, x.shape))
    if y_grad is not None:
        gy = out_grad if message is GraphMessage.ADD else edge_message(xp, message, out_grad,
                                                                       x[src])
        y_grad[...] = 0
        xp.add.at(y_grad, dst, _sum_to(xp, gy, y.shape))
