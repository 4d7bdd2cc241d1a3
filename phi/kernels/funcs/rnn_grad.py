"""The `rnn` op's backward (LSTM, GRU, RNN_TANH, RNN_RELU; stacked, bidirectional,
SequenceLength), as Paddle's CPU rnn_grad kernel computes it, from what the training
forward saved in Reserve (`phi.kernels.funcs.rnn.ReserveLayout`) and DropoutState.

Layers run last to first; each direction walks its steps backwards in the order the
forward processed them (the reverse direction from t = 0 up). Per step, with dh / dc the
gradients reaching the step's outputs (the state gradients seed the last step):

- SequenceLength: dh += dOut_t * m; what a padded step (m = 0) receives passes straight
  to the previous step (dh_prev = (1 - m) dh), and its cell sees m * dh (and m * dc);
- LSTM (gates i, f, g, o, a = tanh(c) before the mask): dc += dh o (1 - a^2);
  d_o = dh a o (1 - o); d_i = dc g i (1 - i); d_f = dc c_prev f (1 - f); d_g = dc i (1 - g^2);
  dc_prev = dc f;
- GRU (r, z, n, hc = h_prev W_hn^T + b_hn): dn = dh (1 - z) (1 - n^2); d_z = dh (h_prev - n)
  z (1 - z); d_r = dn hc r (1 - r); the hidden side gets [d_r, d_z, dn r] and dh_prev gains
  dh z; b_hh's gradient is that hidden-side sum;
- RNN_TANH / RNN_RELU: dz = dh (1 - h^2) or dh [h > 0], h the step's Out;
- dh_prev = (hidden-side gate gradient) @ W_hh, dW_hh += it^T @ h_prev.

Paddle's quirk kept: h_prev is the previous step's *Out* (zero at a padded step), not the
carried state, so with SequenceLength and a non-zero initial state the reverse direction's
first valid step differentiates as if h_prev were 0 (as Paddle does). Per layer the input
projection's gradients follow: dW_ih = G^T @ input, db_ih = sum G (LSTM / simple RNN: also
db_hh), d input += G @ W_ih over both directions, then the inter-layer dropout's mask.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from phi.kernels.funcs.common import quiet
from phi.kernels.funcs.rnn import (
    ReserveLayout,
    RnnMode,
    check_shapes,
    dropout_,
    num_directions,
    sequence_mask,
)


@dataclass
class _Grads:
    """Gradient accumulators of one (layer, direction)."""

    gates: Any  # [T, B, G*H], time order: the input-side gate gradients
    w_hh: Any
    b_hh: Any | None  # GRU only (the others share b_ih's)
    h0: Any
    c0: Any | None


class _Layer:
    """One layer's saved values and weights, for its directions' backward passes."""

    def __init__(self, xp: Any, cell: RnnMode, layout: ReserveLayout, reserve: Any,
                 layer: int, layer_out: Any, weights: Sequence[Any], num_layers: int) -> None:
        self.xp, self.cell, self.layout, self.layer = xp, cell, layout, layer
        self.n = layout.hidden
        self.gates = layout.gates(reserve, layer)
        has_cell = cell in (RnnMode.LSTM, RnnMode.GRU)
        self.cell_state = layout.cell_state(reserve, layer) if has_cell else None
        self.cell_act = layout.cell_act(reserve, layer) if cell is RnnMode.LSTM else None
        self.out = layer_out
        self.weights, self.num_layers = weights, num_layers

    def direction(self, d: int, h0: Any, c0: Any | None, dh_last: Any, dc_last: Any | None,
                  out_grad: Any, mask: Any | None) -> _Grads:
        xp, n, cell = self.xp, self.n, self.cell
        k = self.layer * self.layout.dirs + d
        w_hh = self.weights[2 * k + 1]
        steps = self.layout.steps
        half = slice(d * n, (d + 1) * n)
        times = list(range(steps - 1, -1, -1)) if d else list(range(steps))
        grads = _Grads(xp.zeros((steps, self.layout.batch, cell.gates * n), w_hh.dtype),
                       xp.zeros_like(w_hh),
                       xp.zeros((cell.gates * n,), w_hh.dtype) if cell is RnnMode.GRU else None,
                       h0, c0)
        dh = dh_last.copy()
        dc = None if dc_last is None else dc_last.copy()
        for j in range(steps - 1, -1, -1):
            t = times[j]
            if mask is not None:
                m = mask[t]
                dh += out_grad[t, :, half] * m
                dh_pass = (1 - m) * dh
                dh *= m
                if dc is not None:
                    dc_pass = (1 - m) * dc
                    dc *= m
            else:
                dh += out_grad[t, :, half]
            h_prev = h0 if j == 0 else self.out[times[j - 1], :, half]
            g = self.gates[d, t]
            if cell is RnnMode.LSTM:
                c_prev = c0 if j == 0 else self.cell_state[d, times[j - 1]]
                side, dc_prev = _lstm_step(xp, g, self.cell_act[d, t], c_prev, dh, dc, n,
                                           grads.gates[t])
                dh_prev = side @ w_hh
            elif cell is RnnMode.GRU:
                side = _gru_step(xp, g, self.cell_state[d, t], h_prev, dh, n, grads.gates[t])
                grads.b_hh += side.sum(axis=0)
                dh_prev = side @ w_hh
                dh_prev += dh * g[:, n:2 * n]
            else:
                h = self.out[t, :, half]
                side = grads.gates[t]
                if cell is RnnMode.RNN_TANH:
                    xp.multiply(dh, 1 - h * h, out=side)
                else:
                    xp.multiply(dh, h > 0, out=side)
                dh_prev = side @ w_hh
            grads.w_hh += side.T @ h_prev
            if mask is not None:
                dh_prev = dh_pass + dh_prev * m
                if cell is RnnMode.LSTM:
                    dc_prev = dc_pass + dc_prev * m
            dh = dh_prev
            if cell is RnnMode.LSTM:
                dc = dc_prev
        grads.h0, grads.c0 = dh, dc
        return grads


def _lstm_step(xp: Any, g: Any, act: Any, c_prev: Any, dh: Any, dc: Any, n: int,
               dgates: Any) -> tuple[Any, Any]:
    """Writes the gate gradients [d_i, d_f, d_g, d_o] into dgates; returns (dgates,
    dc_prev). `dc` gains dh's share in place."""
    i, f, cand, o = g[:, :n], g[:, n:2 * n], g[:, 2 * n:3 * n], g[:, 3 * n:]
    dc += dh * o * (1 - act * act)
    xp.multiply(dc * cand, i * (1 - i), out=dgates[:, :n])
    xp.multiply(dc * c_prev, f * (1 - f), out=dgates[:, n:2 * n])
    xp.multiply(dc * i, 1 - cand * cand, out=dgates[:, 2 * n:3 * n])
    xp.multiply(dh * act, o * (1 - o), out=dgates[:, 3 * n:])
    return dgates, dc * f


def _gru_step(xp: Any, g: Any, hc: Any, h_prev: Any, dh: Any, n: int, dgates: Any) -> Any:
    """Writes the input-side gate gradients [d_r, d_z, dn] into dgates; returns the
    hidden-side ones [d_r, d_z, dn * r]."""
    r, z, cand = g[:, :n], g[:, n:2 * n], g[:, 2 * n:]
    xp.multiply(dh * (1 - z), 1 - cand * cand, out=dgates[:, 2 * n:])
    dn = dgates[:, 2 * n:]
    xp.multiply(dn * hc, r * (1 - r), out=dgates[:, :n])
    xp.multiply(dh * (h_prev - cand), z * (1 - z), out=dgates[:, n:2 * n])
    side = dgates.copy()
    side[:, 2 * n:] *= r
    return side


def rnn_grad(xp: Any, x: Any, pre_state: Sequence[Any], weights: Sequence[Any],
             seq_len: Any | None, out: Any, dropout_mask: Any | None, reserve: Any,
             out_grad: Any, state_grad: Sequence[Any | None], dropout_prob: float,
             is_bidirec: bool, hidden_size: int, num_layers: int, mode: str,
             x_grad: Any | None, pre_state_grad: Sequence[Any | None],
             weight_grad: Sequence[Any | None]) -> None:
    """Write the gradients asked for (x_grad, each pre_state_grad / weight_grad entry
    that is not None) from the forward's saved values and the output gradients
    (`state_grad` entries may be None: zero)."""
    check_shapes(x.shape, [s.shape for s in pre_state], [w.shape for w in weights],
                 None if seq_len is None else seq_len.shape, mode, is_bidirec, hidden_size,
                 num_layers)
    cell = RnnMode.parse(mode)
    steps, batch, _ = x.shape
    dirs = num_directions(is_bidirec)
    layout = ReserveLayout(mode, num_layers, dirs, steps, batch, hidden_size)
    if tuple(reserve.shape) != layout.shape:
        raise ValueError(f"rnn_grad: Reserve must be the training forward's workspace "
                         f"{list(layout.shape)}, got {list(reserve.shape)} (a forward run "
                         "with is_test=true saves nothing to differentiate)")
    mask = None if seq_len is None else sequence_mask(xp, seq_len, steps, x.dtype)[0]
    states = [s if s is not None else xp.zeros_like(p) for s, p in zip(state_grad, pre_state)]
    nw = 2 * num_layers * dirs
    w_grads: list[Any] = [None] * len(weights)
    h0_grad = xp.empty_like(pre_state[0])
    c0_grad = xp.empty_like(pre_state[1]) if cell is RnnMode.LSTM else None
    with quiet(xp):
        layer_out_grad = out_grad
        for layer in range(num_layers - 1, -1, -1):
            layer_out = out if layer == num_layers - 1 else layout.layer_output(reserve,
                                                                                layer)
            layer_in = x
            if layer > 0:
                layer_in = xp.empty_like(out)
                dropout_(xp, layout.layer_output(reserve, layer - 1), _mask(xp, dropout_mask,
                                                                            out),
                         dropout_prob, layer_in)
            saved = _Layer(xp, cell, layout, reserve, layer, layer_out, weights, num_layers)
            need_in = layer > 0 or x_grad is not None
            in_grad = xp.zeros(layer_in.shape, x.dtype) if need_in else None
            flat_in = layer_in.reshape(steps * batch, layer_in.shape[-1])
            for d in range(dirs):
                k = layer * dirs + d
                grads = saved.direction(
                    d, pre_state[0][k], None if c0_grad is None else pre_state[1][k],
                    states[0][k], None if c0_grad is None else states[1][k],
                    layer_out_grad, mask)
                flat = grads.gates.reshape(steps * batch, grads.gates.shape[-1])
                w_grads[2 * k] = flat.T @ flat_in
                w_grads[2 * k + 1] = grads.w_hh
                w_grads[nw + 2 * k] = flat.sum(axis=0)
                w_grads[nw + 2 * k + 1] = (grads.b_hh if grads.b_hh is not None
                                           else w_grads[nw + 2 * k])
                h0_grad[k] = grads.h0
                if c0_grad is not None:
                    c0_grad[k] = grads.c0
                if in_grad is not None:
                    in_grad.reshape(steps * batch, in_grad.shape[-1])[...] += (
                        flat @ weights[2 * k])
            if layer > 0 and dropout_prob:
                dropout_(xp, in_grad, _mask(xp, dropout_mask, out), dropout_prob, in_grad)
            layer_out_grad = in_grad
    if x_grad is not None:
        x_grad[...] = layer_out_grad
    for dst, src in zip(pre_state_grad, (h0_grad, c0_grad)):
        if dst is not None:
            dst[...] = src
    for dst, src in zip(weight_grad, w_grads):
        if dst is not None:
            dst[...] = src


def _mask(xp: Any, dropout_mask: Any | None, out: Any) -> Any:
    """DropoutState, or all ones where the program gives none."""
    return dropout_mask if dropout_mask is not None else xp.ones(out.shape, xp.uint8)
