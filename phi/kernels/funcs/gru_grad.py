"""Gradients of fluid's LoD `gru` and one-step `gru_unit` (phi.kernels.funcs.rnn_lod), as
Paddle's CPU grad kernels compute them.

`gru_grad` reads the forward's batch-ordered workspaces (`rnn_lod.lod_batches`): BatchGate
(the activated u, r, c), BatchResetHiddenPrev (r * h_prev) and BatchHidden, and walks the
batches from the last step back, one vectorised step over the sequences a batch holds. Per
step, with dh the gradient reaching h (Hidden@GRAD plus what later steps sent back):
du = dh * (c - h_prev) (origin_mode: h_prev - c), dc = dh * u (origin_mode: 1 - u), h_prev
gets dh * (1 - u) (origin_mode: u); then through the candidate weights
d(r * h_prev) = dc W_c^T, dr = d(r * h_prev) * h_prev, h_prev gets d(r * h_prev) * r and
d[u, r] W_ur^T; each gate's gradient times its activation's derivative (taken from the
activated value). Paddle's quirk, kept: at the first step the initial state's terms (the
reset gate's gradient, h_prev's weight gradients) are computed only when H0@GRAD is asked
for, so a program with H0 but no H0@GRAD gets a zero reset-gate gradient there and no
first-step weight gradient.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from phi.kernels.funcs.common import quiet
from phi.kernels.funcs.rnn_lod import Activation, lod_batches


def _weights(weight: Any) -> tuple[Any, Any]:
    """(W_ur [D, 2D], W_c [D, D]) as Paddle's kernels read Weight's memory."""
    d = weight.shape[0]
    flat = weight.reshape(-1)
    return flat[:2 * d * d].reshape(d, 2 * d), flat[2 * d * d:].reshape(d, d)


def _state_grad(xp: Any, gate: Any, prev: Any | None, dh: Any, origin_mode: bool,
                dgate: Any) -> Any:
    """du (before the gate activation) and dc into dgate; returns what h_prev gets."""
    d = dh.shape[1]
    u, c = gate[:, :d], gate[:, 2 * d:]
    diff = c if prev is None else c - prev
    if origin_mode:
        xp.multiply(dh, -diff, out=dgate[:, :d])
        xp.multiply(dh, 1 - u, out=dgate[:, 2 * d:])
        return dh * u
    xp.multiply(dh, diff, out=dgate[:, :d])
    xp.multiply(dh, u, out=dgate[:, 2 * d:])
    return dh * (1 - u)


def gru_grad(xp: Any, h0: Any | None, weight: Any, offsets: np.ndarray, is_reverse: bool,
             origin_mode: bool, acts: tuple[Activation, Activation], batch_gate: Any,
             batch_reset_prev: Any, batch_hidden: Any, hidden_grad: Any, x_grad: Any | None,
             h0_grad: Any | None, weight_grad: Any | None, bias_grad: Any | None) -> None:
    """Paddle's `gru_grad` over the sequences of `offsets` (see the module docstring);
    writes the gradients that are not None. `acts`: (candidate, gate) activations."""
    act, gate_act = acts
    d = weight.shape[0]
    w_ur, w_c = _weights(weight)
    index, starts, order = lod_batches(offsets, is_reverse)
    rows = xp.asarray(index)
    dh = hidden_grad[rows]
    dgate = xp.zeros((index.size, 3 * d), batch_gate.dtype)
    prev0 = None if h0 is None else h0[xp.asarray(order)]
    dprev0 = xp.zeros_like(prev0) if prev0 is not None and h0_grad is not None else None
    dw_ur, dw_c = xp.zeros_like(w_ur), xp.zeros_like(w_c)
    with quiet(xp):
        for t in range(starts.size - 2, -1, -1):
            s, e = int(starts[t]), int(starts[t + 1])
            if t == 0:
                prev = None if prev0 is None else prev0[:e - s]
                dprev = None if dprev0 is None else dprev0[:e - s]
            else:
                p = int(starts[t - 1])
                prev, dprev = batch_hidden[p:p + e - s], dh[p:p + e - s]
            gate, dg = batch_gate[s:e], dgate[s:e]
            to_prev = _state_grad(xp, gate, prev, dh[s:e], origin_mode, dg)
            act.grad_(gate[:, 2 * d:], dg[:, 2 * d:])
            if dprev is None:       # Paddle computes the reset path only with h_prev's grad
                dg[:, d:2 * d] = 0
                gate_act.grad_(gate[:, :d], dg[:, :d])
                continue
            dprev += to_prev
            reset_grad = dg[:, 2 * d:] @ w_c.T
            dw_c += batch_reset_prev[s:e].T @ dg[:, 2 * d:]
            xp.multiply(reset_grad, prev, out=dg[:, d:2 * d])
            dprev += reset_grad * gate[:, d:2 * d]
            gate_act.grad_(gate[:, :2 * d], dg[:, :2 * d])
            dprev += dg[:, :2 * d] @ w_ur.T
            dw_ur += prev.T @ dg[:, :2 * d]
    if x_grad is not None:
        x_grad[rows] = dgate
    if bias_grad is not None:
        xp.sum(dgate, axis=0, keepdims=True, out=bias_grad)
    if h0_grad is not None and dprev0 is not None:
        h0_grad[xp.asarray(order)] = dprev0
    if weight_grad is not None:
        flat = weight_grad.reshape(-1)
        flat[:2 * d * d] = dw_ur.reshape(-1)
        flat[2 * d * d:] = dw_c.reshape(-1)


def gru_unit_grad(xp: Any, hidden_prev: Any, weight: Any, gate: Any, reset_prev: Any,
                  hidden_grad: Any, acts: tuple[Activation, Activation], origin_mode: bool,
                  x_grad: Any | None, hidden_prev_grad: Any | None, weight_grad: Any | None,
                  bias_grad: Any | None) -> None:
    """Paddle's `gru_unit_grad`: one step of `gru_grad` from the forward's Gate (activated
    u, r, c) and ResetHiddenPrev; writes the gradients that are not None. `acts`:
    (candidate, gate) activations."""
    act, gate_act = acts
    d = weight.shape[0]
    w_ur, w_c = _weights(weight)
    dgate = xp.empty((gate.shape[0], 3 * d), gate.dtype)
    with quiet(xp):
        to_prev = _state_grad(xp, gate, hidden_prev, hidden_grad, origin_mode, dgate)
        gate_act.grad_(gate[:, :d], dgate[:, :d])
        act.grad_(gate[:, 2 * d:], dgate[:, 2 * d:])
        reset_grad = dgate[:, 2 * d:] @ w_c.T
        xp.multiply(reset_grad, hidden_prev, out=dgate[:, d:2 * d])
        gate_act.grad_(gate[:, d:2 * d], dgate[:, d:2 * d])
        if weight_grad is not None:
            flat = weight_grad.reshape(-1)
            flat[2 * d * d:] = (reset_prev.T @ dgate[:, 2 * d:]).reshape(-1)
            flat[:2 * d * d] = (hidden_prev.T @ dgate[:, :2 * d]).reshape(-1)
        if hidden_prev_grad is not None:
            xp.multiply(reset_grad, gate[:, d:2 * d], out=hidden_prev_grad)
            hidden_prev_grad += to_prev
            hidden_prev_grad += dgate[:, :2 * d] @ w_ur.T
    if x_grad is not None:
        x_grad[...] = dgate
    if bias_grad is not None:
        xp.sum(dgate, axis=0, keepdims=True, out=bias_grad)
