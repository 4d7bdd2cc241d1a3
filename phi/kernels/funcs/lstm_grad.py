"""The backward of fluid's LoD `lstm` (phi.kernels.funcs.rnn_lod.lstm), as Paddle's CPU
`lstm_grad` computes it: from the training forward's workspaces BatchGate (the activated
gates c~, i, f, o) and BatchCellPreAct (act_cell(c)), both in batch order, and its Hidden
and Cell, it walks the batches (time steps) from the last to the first, all sequences of a
step at once.

Paddle's quirks kept: only Hidden's gradient flows in (the grad op has no Cell@GRAD input),
and the peephole gradients W_ic, W_fc skip the first step of a sequence without C0 (its
previous cell is zero). Where Paddle reads past the first batch (H0 given and an empty
sequence: its H0@GRAD and Weight@GRAD take the next batch's rows, its C0@GRAD rows of the
empty sequences are never written), this gives the gradient of the forward: zero rows for
the empty sequences, no Weight term from their H0. Paddle's float32 kernel with D a multiple
of 8 takes an AVX path whose backward never adds Hidden's gradient into the cell's (its
gradients are then those of the output gate alone); this is the plain path's math for every
D and dtype.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import quiet
from phi.kernels.funcs.rnn_lod import Activation, lod_batches


def check_workspaces(rows: int, d: int, gate_dims: Sequence[int] | None,
                     cell_act_dims: Sequence[int] | None) -> None:
    """lstm_grad needs the training forward's BatchGate [rows, 4D] and BatchCellPreAct
    [rows, D] (a forward run with is_test leaves them empty)."""
    for name, dims, width in (("BatchGate", gate_dims, 4 * d), ("BatchCellPreAct",
                                                                 cell_act_dims, d)):
        if dims is None or list(dims) != [rows, width]:
            raise ValueError(f"lstm_grad: {name} must be the training forward's [{rows}, "
                             f"{width}] workspace, got "
                             f"{'nothing' if dims is None else list(dims)} (did lstm run "
                             "with is_test = true?)")


def lstm_grad(xp: Any, h0: Any | None, c0: Any | None, weight: Any, bias: Any, hidden: Any,
              cell: Any, batch_gate: Any, batch_cell_pre_act: Any, hidden_grad: Any,
              offsets: np.ndarray, use_peepholes: bool, is_reverse: bool,
              acts: tuple[Activation, Activation, Activation], input_grad: Any | None,
              h0_grad: Any | None, c0_grad: Any | None, weight_grad: Any | None,
              bias_grad: Any | None) -> None:
    """Writes the gradients asked for (None: not asked) of lstm from the forward's inputs
    and outputs. `acts`: (gate, cell,
    candidate); `batch_gate` [rows, 4D] / `batch_cell_pre_act` [rows, D] as the training
    forward wrote them; the peepholes follow the 4D gate biases in bias."""
    gate_act, cell_act, cand_act = acts
    d = weight.shape[0]
    index, starts, order = lod_batches(offsets, is_reverse)
    rows = xp.asarray(index)
    out_g = hidden_grad[rows]
    b_hidden, b_cell = hidden[rows], cell[rows]
    gate_g = xp.empty((index.size, 4 * d), batch_gate.dtype)
    cell_g = xp.zeros((index.size, d), batch_gate.dtype)
    w_g = xp.zeros_like(weight)
    peep = bias[0, 4 * d:] if use_peepholes else None
    peep_g = xp.zeros(3 * d, batch_gate.dtype)
    seq = xp.asarray(order)
    c0_in = None if c0 is None else c0[seq]
    h0_in = None if h0 is None else h0[seq]
    c0_g = None if c0 is None else xp.zeros_like(c0)
    h0_g = None if h0 is None else xp.zeros_like(h0)
    with quiet(xp):
        for t in range(starts.size - 2, -1, -1):
            s, e = int(starts[t]), int(starts[t + 1])
            n, p = e - s, int(starts[t - 1]) if t else 0
            cand, ig, fg, og = (batch_gate[s:e, k * d:(k + 1) * d] for k in range(4))
            g_cand, g_ig, g_fg, g_og = (gate_g[s:e, k * d:(k + 1) * d] for k in range(4))
            prev_c = b_cell[p:p + n] if t else (None if c0_in is None else c0_in[:n])
            xp.multiply(out_g[s:e], batch_cell_pre_act[s:e], out=g_og)
            gate_act.grad_(og, g_og)
            state_g = cell_g[s:e]
            through_cell = out_g[s:e] * og
            cell_act.grad_(batch_cell_pre_act[s:e], through_cell)
            state_g += through_cell
            if peep is not None:
                state_g += g_og * peep[2 * d:]
            xp.multiply(state_g, ig, out=g_cand)
            cand_act.grad_(cand, g_cand)
            xp.multiply(state_g, cand, out=g_ig)
            gate_act.grad_(ig, g_ig)
            if prev_c is None:
                g_fg[...] = 0
            else:
                xp.multiply(state_g, prev_c, out=g_fg)
                gate_act.grad_(fg, g_fg)
            prev_g = state_g * fg
            if peep is not None:
                prev_g += g_ig * peep[:d] + g_fg * peep[d:2 * d]
                if prev_c is not None:
                    peep_g[:d] += (g_ig * prev_c).sum(axis=0)
                    peep_g[d:2 * d] += (g_fg * prev_c).sum(axis=0)
                peep_g[2 * d:] += (g_og * b_cell[s:e]).sum(axis=0)
            if t:
                cell_g[p:p + n] = prev_g
                out_g[p:p + n] += gate_g[s:e] @ weight.T
                w_g += b_hidden[p:p + n].T @ gate_g[s:e]
            else:
                if c0_g is not None:
                    c0_g[seq[:n]] = prev_g
                if h0_g is not None:
                    h0_g[seq[:n]] = gate_g[s:e] @ weight.T
                    w_g += h0_in[:n].T @ gate_g[s:e]
    if input_grad is not None:
        input_grad[rows] = gate_g
    if weight_grad is not None:
        xp.copyto(weight_grad, w_g)
    if bias_grad is not None:
        bias_grad[0, :4 * d] = gate_g.sum(axis=0)
        if use_peepholes:
            bias_grad[0, 4 * d:] = peep_g
    for grad, value in ((h0_grad, h0_g), (c0_grad, c0_g)):
        if grad is not None and value is not None:
            xp.copyto(grad, value)
