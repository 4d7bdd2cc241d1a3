"""Gradients of the LoD sequence family (phi.kernels.funcs.sequence), as Paddle's CPU
kernels compute them: each sends a row's gradient back to the rows (and, for the
convolutions, filter and padding entries) it came from. Scatter-adds run vectorised
(`add.at`); row_conv loops over its few filter taps only, match_matrix_tensor over its
sequence pairs.

add_position_encoding_grad is Out@GRAD times alpha; im2sequence_grad adds each window
element's gradient back to the pixel it read (windows of the whole image, as Paddle's grad
kernel takes them); match_matrix_tensor_grad differentiates Out = (X W) Y^T per sequence
pair, from the forward's Tmp = X W.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.sequence import (
    PoolType,
    check_im2sequence,
    context_matrix,
    context_rows,
    im2sequence_index,
)


def sequence_pool_grad(xp: Any, offsets: np.ndarray, pooltype: PoolType, out_grad: Any,
                       max_index: Any | None, x_grad: Any) -> None:
    """SUM: each row gets its sequence's gradient; AVERAGE / SQRT: divided by the length /
    its square root; MAX: the gradient goes to the row MaxIndex names; LAST / FIRST: to
    that row. Rows of no sequence, and empty sequences, get nothing."""
    n = offsets.size - 1
    x_grad[...] = 0
    if n == 0 or x_grad.size == 0:
        return
    t = x_grad.dtype.type
    width = int(np.prod(x_grad.shape[1:], dtype=np.int64))
    dx = x_grad.reshape(x_grad.shape[0], width)
    dout = out_grad.reshape(n, width)
    lens = np.diff(offsets)
    if pooltype is PoolType.MAX:
        if max_index is None:
            raise ValueError("sequence_pool_grad: pooltype MAX needs Input(MaxIndex)")
        index = max_index.reshape(n, width).astype(np.int64)
        seq, col = xp.nonzero(index >= 0)
        dx[index[seq, col], col] = dout[seq, col]
        return
    if pooltype in (PoolType.LAST, PoolType.FIRST):
        kept = np.nonzero(lens > 0)[0]
        rows = offsets[1:][kept] - 1 if pooltype is PoolType.LAST else offsets[:-1][kept]
        dx[xp.asarray(rows)] = dout[xp.asarray(kept)]
        return
    seq_of_row = xp.asarray(np.repeat(np.arange(n), lens))
    grad = dout
    if pooltype is PoolType.AVERAGE:
        grad = dout / xp.asarray(np.maximum(lens, 1).astype(x_grad.dtype))[:, None]
    elif pooltype is PoolType.SQRT:
        grad = dout / xp.sqrt(xp.asarray(np.maximum(lens, 1).astype(x_grad.dtype)))[:, None]
    dx[: int(offsets[-1])] = grad[seq_of_row].astype(t, copy=False)


def sequence_softmax_grad(xp: Any, out: Any, out_grad: Any, offsets: np.ndarray,
                          x_grad: Any) -> None:
    """Within each sequence: (dout - sum(dout * out)) * out."""
    n = offsets.size - 1
    if n == 0 or x_grad.size == 0:
        return
    o, g = out.reshape(-1), out_grad.reshape(-1)
    seq_of_row = np.repeat(np.arange(n), np.diff(offsets))
    dots = xp.zeros(n, out.dtype)
    xp.add.at(dots, xp.asarray(seq_of_row), g * o)
    x_grad.reshape(-1)[...] = (g - dots[xp.asarray(seq_of_row)]) * o


def sequence_conv_grad(xp: Any, x: Any, offsets: np.ndarray, filt: Any, padding: Any | None,
                       out_grad: Any, length: int, start: int, x_grad: Any | None,
                       padding_grad: Any | None, filter_grad: Any | None) -> None:
    """With C the context matrix of the forward (PaddingData rows included when given):
    Filter@GRAD = C^T dout; dout Filter^T is C's gradient, added back to the X rows (and,
    with PaddingData, the padding rows) each entry of C was read from."""
    rows, width = x.shape
    if filter_grad is not None:
        col = context_matrix(xp, x, offsets, padding, length, start) if rows else \
            xp.zeros((0, length * width), x.dtype)
        filter_grad[...] = col.T @ out_grad
    if x_grad is None and padding_grad is None:
        return
    dcol = (out_grad @ filt.T).reshape(rows, length, width)
    inside, x_row, pad_row = context_rows(offsets, length, start)
    if x_grad is not None:
        x_grad[...] = 0
        xp.add.at(x_grad, xp.asarray(x_row[inside]), dcol[xp.asarray(inside)])
    if padding_grad is not None:
        padding_grad[...] = 0
        xp.add.at(padding_grad, xp.asarray(pad_row[~inside]), dcol[xp.asarray(~inside)])


def sequence_expand_grad(xp: Any, rows: np.ndarray | None, out_grad: Any, x_grad: Any) -> None:
    """Each row of X gets the sum of the gradients of its copies (`rows`: the row of X each
    output row copies, None when Out is X)."""
    if rows is None:
        xp.copyto(x_grad, out_grad)
        return
    x_grad[...] = 0
    xp.add.at(x_grad, xp.asarray(rows), out_grad)


def row_conv_grad(xp: Any, x: Any, offsets: np.ndarray, filt: Any, out_grad: Any,
                  x_grad: Any | None, filter_grad: Any | None) -> None:
    """out[t] = sum_k x[t + k] filt[k] within t's sequence, so x[t + k] gets
    dout[t] filt[k] and filt[k] gets the sum over t of x[t + k] dout[t]."""
    width = x.shape[-1]
    flat, dout = x.reshape(-1, width), out_grad.reshape(-1, width)
    rows = flat.shape[0]
    dx = None if x_grad is None else x_grad.reshape(-1, width)
    if dx is not None:
        dx[...] = 0
    if filter_grad is not None:
        filter_grad[...] = 0
    ends = np.repeat(offsets[1:], np.diff(offsets))
    for k in range(filt.shape[0]):  # over the filter's taps; each tap is vectorised
        t = np.nonzero(np.arange(rows) + k < ends)[0]
        if t.size == 0:
            break
        src, dst = xp.asarray(t), xp.asarray(t + k)
        if dx is not None:
            dx[dst] += dout[src] * filt[k]
        if filter_grad is not None:
            filter_grad[k] = (flat[dst] * dout[src]).sum(axis=0)


def add_position_encoding_grad(xp: Any, out_grad: Any, alpha: float, x_grad: Any) -> None:
    xp.multiply(out_grad, out_grad.dtype.type(np.float32(alpha)), out=x_grad)


def im2sequence_grad(xp: Any, out_grad: Any, kernels: Sequence[int], strides: Sequence[int],
                     paddings: Sequence[int], out_stride: Sequence[int], x_grad: Any) -> None:
    n = x_grad.shape[0]
    oh, ow = check_im2sequence("im2sequence_grad", x_grad.shape, kernels, strides, paddings,
                               out_stride)
    x_grad[...] = 0
    if n * oh * ow != out_grad.shape[0]:
        raise ValueError(f"im2sequence_grad: Out@GRAD has {out_grad.shape[0]} rows; the "
                         f"whole-image windows of X's dims {list(x_grad.shape)} are "
                         f"{n * oh * ow} (a real-size Input(Y) has no gradient kernel)")
    if out_grad.size == 0:
        return
    down, across = np.full(n, oh, np.int64), np.full(n, ow, np.int64)
    index, valid = im2sequence_index(xp, x_grad.shape, down, across, kernels, strides,
                                     paddings)
    grads = xp.where(valid, out_grad.reshape(-1, x_grad.shape[1], *kernels), 0)
    xp.add.at(x_grad, index, grads)


def match_matrix_tensor_grad(xp: Any, x: Any, y: Any, w: Any, tmp: Any, out_grad: Any,
                             x_off: np.ndarray, y_off: np.ndarray, out_off: np.ndarray,
                             x_grad: Any | None, y_grad: Any | None, w_grad: Any | None
                             ) -> None:
    dim_in, dim_t = w.shape[0], w.shape[1]
    proj = tmp.reshape(x.shape[0], dim_t, dim_in)
    d_proj = xp.zeros(proj.shape, out_grad.dtype)
    dy = xp.zeros(y.shape, out_grad.dtype)
    for b in range(x_off.size - 1):
        xs, ys = slice(x_off[b], x_off[b + 1]), slice(y_off[b], y_off[b + 1])
        dout = out_grad[out_off[b]:out_off[b + 1]].reshape(dim_t, xs.stop - xs.start,
                                                          ys.stop - ys.start)
        d_proj[xs] = xp.einsum("tij,jk->itk", dout, y[ys])
        dy[ys] = xp.einsum("tij,itk->jk", dout, proj[xs])
    flat = d_proj.reshape(x.shape[0], dim_t * dim_in)
    if x_grad is not None:
        x_grad[...] = xp.matmul(flat, w.reshape(dim_in, dim_t * dim_in).T)
    if y_grad is not None:
        y_grad[...] = dy
    if w_grad is not None:
        w_grad[...] = xp.matmul(x.T, flat).reshape(w.shape)
