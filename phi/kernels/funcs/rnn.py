"""The `rnn` op's math (LSTM, GRU, simple RNN; stacked, optionally bidirectional), as
Paddle's CPU `rnn` kernel computes it, shared by the PHI kernel and the legacy kernel.

Layout (Paddle's): the input is time-major `[T, B, I]`; PreState holds h0 (and c0 for
LSTM), each `[num_layers * D, B, H]` with D = 2 when bidirectional (index layer * D +
direction); Out is `[T, B, D * H]` (forward half first). WeightList holds every weight
first, then every bias: `[W_ih, W_hh]` per (layer, direction) in that order, then `[b_ih,
b_hh]` per (layer, direction); `W_ih` is `[G * H, in]`, `W_hh` `[G * H, H]`, biases `[G * H]`,
with G gates stacked in Paddle's order:

- LSTM `i, f, g, o`: c' = sig(f) * c + sig(i) * tanh(g); h' = sig(o) * tanh(c');
- GRU `r, z, c`: r, z = sig(x_r + h W_hr + b..), sig(..); n = tanh(x W_in + b_in + r * (h W_hn
  + b_hn)) (the hidden candidate term is gated after its bias, "linear before reset");
  h' = (1 - z) * n + z * h;
- RNN_TANH / RNN_RELU: h' = act(x W_ih + b_ih + h W_hh + b_hh).

The input projections of all steps are one GEMM per (layer, direction); each step is one
matmul with W_hh. Layer l > 0 reads the previous layer's Out; dropout between layers is
a training feature (inference: ignored). With SequenceLength, step t of sequence b is padded
when t >= len[b]: its Out is zero and its states keep their previous values, both through
Paddle's arithmetic mask `new * m + old * (1 - m)`, applied (as there) only from the shortest
length on; the reverse direction starts at each sequence's last valid step.

Training (`reserve` given): the forward also fills Paddle's workspace for rnn_grad (see
`ReserveLayout`) and, with dropout_prob > 0, drops elements of every layer's input but
the first with `dropout_mask` (1 = kept, scaled by 1 / (1 - p); p = 1 zeroes them), the
same mask for every layer, as Paddle's CPU kernel.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import host_ints, quiet
from phi.kernels.funcs.random import generator


class RnnMode(enum.Enum):
    """The `mode` attribute: cell kind, with its gate and state counts."""

    LSTM = "LSTM"
    GRU = "GRU"
    RNN_TANH = "RNN_TANH"
    RNN_RELU = "RNN_RELU"

    @property
    def gates(self) -> int:
        return {"LSTM": 4, "GRU": 3}.get(self.value, 1)

    @property
    def num_states(self) -> int:
        return 2 if self is RnnMode.LSTM else 1

    @classmethod
    def parse(cls, mode: str) -> RnnMode:
        try:
            return cls(mode)
        except ValueError:
            raise ValueError(f"rnn: mode '{mode}' is not one of "
                             f"{[m.value for m in cls]}") from None


def num_directions(is_bidirec: bool) -> int:
    return 2 if is_bidirec else 1


def check_shapes(x_dims: Sequence[int], state_dims: Sequence[Sequence[int]],
                 weight_dims: Sequence[Sequence[int]], seq_dims: Sequence[int] | None,
                 mode: str, is_bidirec: bool, hidden_size: int, num_layers: int
                 ) -> tuple[int, ...]:
    """Validate the inputs against the attributes; returns Out's dims `[T, B, D * H]`."""
    cell = RnnMode.parse(mode)
    d = num_directions(is_bidirec)
    if len(x_dims) != 3:
        raise ValueError(f"rnn: Input must be 3-D [time, batch, input_size], got {list(x_dims)}")
    t, b, size = x_dims
    if len(state_dims) != cell.num_states:
        raise ValueError(f"rnn: mode {mode} takes {cell.num_states} PreState tensor(s), "
                         f"got {len(state_dims)}")
    for dims in state_dims:
        if tuple(dims) != (num_layers * d, b, hidden_size):
            raise ValueError(f"rnn: PreState must be [num_layers * directions, batch, "
                             f"hidden_size] = {[num_layers * d, b, hidden_size]}, got "
                             f"{list(dims)}")
    if len(weight_dims) != 4 * num_layers * d:
        raise ValueError(f"rnn: WeightList must hold {4 * num_layers * d} tensors "
                         f"(num_layers={num_layers}, directions={d}), got {len(weight_dims)}")
    rows = cell.gates * hidden_size
    for k in range(num_layers * d):
        in_size = size if k < d else d * hidden_size
        expect = {2 * k: (rows, in_size), 2 * k + 1: (rows, hidden_size),
                  2 * num_layers * d + 2 * k: (rows,), 2 * num_layers * d + 2 * k + 1: (rows,)}
        for index, dims in expect.items():
            if tuple(weight_dims[index]) != dims:
                raise ValueError(f"rnn: WeightList[{index}] (layer {k // d}, direction "
                                 f"{k % d}) must be {list(dims)} for mode {mode}, got "
                                 f"{list(weight_dims[index])}")
    if seq_dims is not None and tuple(seq_dims) != (b,):
        raise ValueError(f"rnn: SequenceLength must be [batch] = [{b}], got {list(seq_dims)}")
    return (t, b, d * hidden_size)


def sequence_mask(xp: Any, seq_len: Any, time_steps: int, dtype: Any) -> tuple[Any, int]:
    """(mask [T, B, 1] of 1 for valid steps and 0 for padded ones, shortest length)."""
    lengths = host_ints(seq_len)
    if any(n < 0 or n > time_steps for n in lengths):
        raise ValueError(f"rnn: SequenceLength values must lie in [0, {time_steps}] (the "
                         f"time steps of Input), got {lengths}")
    steps = xp.arange(time_steps).reshape(time_steps, 1, 1)
    lens = xp.asarray(lengths).reshape(1, len(lengths), 1)
    return (steps < lens).astype(dtype), min(lengths, default=time_steps)


class ReserveLayout:
    """The training workspace the forward writes and rnn_grad reads: x's dtype, Paddle's
    shape `[rows, D * T * B * H]`, rows in Paddle's order. fluidphi's contents, per layer:

    - gates (G rows): `[D, T, B, G * H]` in time order: LSTM i, f, g, o and GRU r, z, n after
      their activations; RNN_TANH / RNN_RELU the pre-activation sum;
    - cell (1 row, LSTM and GRU): `[D, T, B, H]`: LSTM c after the padded-step mask; GRU the
      candidate's hidden term h W_hn^T + b_hn (before the reset gate multiplies it);
    - cell_act (1 row, LSTM): `[D, T, B, H]`: tanh(c) before the mask;
    - hidden (layers 0 .. L-2, one row each): the layer's output `[T, B, D * H]` before
      the inter-layer dropout.
    """

    def __init__(self, mode: str, num_layers: int, num_dirs: int, steps: int, batch: int,
                 hidden: int) -> None:
        self.cell = RnnMode.parse(mode)
        self.layers, self.dirs, self.steps, self.batch, self.hidden = (
            num_layers, num_dirs, steps, batch, hidden)
        extra = {RnnMode.LSTM: 2, RnnMode.GRU: 1}.get(self.cell, 0)
        self.state_rows = extra * num_layers
        self.rows = self.cell.gates * num_layers + self.state_rows + num_layers - 1

    @property
    def shape(self) -> tuple[int, int]:
        return (self.rows, self.dirs * self.steps * self.batch * self.hidden)

    def _block(self, reserve: Any, row: int, count: int, last: int) -> Any:
        return reserve[row:row + count].reshape(self.dirs, self.steps, self.batch, last)

    def gates(self, reserve: Any, layer: int) -> Any:
        g = self.cell.gates
        return self._block(reserve, layer * g, g, g * self.hidden)

    def cell_state(self, reserve: Any, layer: int) -> Any:
        return self._block(reserve, self.cell.gates * self.layers + layer, 1, self.hidden)

    def cell_act(self, reserve: Any, layer: int) -> Any:
        return self._block(reserve, (self.cell.gates + 1) * self.layers + layer, 1,
                           self.hidden)

    def layer_output(self, reserve: Any, layer: int) -> Any:
        """Layer `layer` (< num_layers - 1): its output before dropout, [T, B, D * H]."""
        row = self.cell.gates * self.layers + self.state_rows + layer
        return reserve[row].reshape(self.steps, self.batch, self.dirs * self.hidden)


def reserve_dims(x_dims: Sequence[int], mode: str, is_bidirec: bool, hidden_size: int,
                 num_layers: int, is_test: bool) -> tuple[int, ...]:
    """The Reserve output's dims: `ReserveLayout`'s, or (0,) with is_test (none kept)."""
    if is_test or len(x_dims) != 3:
        return (0,)
    t, b, _ = x_dims
    return ReserveLayout(mode, num_layers, num_directions(is_bidirec), t, b,
                         hidden_size).shape


def dropout_(xp: Any, x: Any, mask: Any, p: float, out: Any) -> None:
    """out = x * mask / (1 - p) (p = 1: 0 * x), Paddle's rnn dropout helper."""
    if p == 1.0:
        xp.multiply(x, x.dtype.type(0), out=out)
        return
    xp.multiply(x, mask.astype(x.dtype), out=out)
    out /= x.dtype.type(np.float32(1.0) - np.float32(p))


def draw_dropout_mask(xp: Any, p: float, generator: Any, mask: Any) -> None:
    """mask = 1 where an element is kept (probability 1 - p), from NumPy's `generator`
    (not Paddle's engine: the same distribution, not the same bits)."""
    keep = generator.random(tuple(mask.shape), dtype=np.float32) >= np.float32(p)
    mask[...] = xp.asarray(keep.astype(np.uint8))


def _sigmoid_(xp: Any, a: Any) -> None:
    """a = 1 / (1 + exp(-a)), in place."""
    xp.negative(a, out=a)
    xp.exp(a, out=a)
    a += 1
    xp.reciprocal(a, out=a)


def _masked_(old: Any, new: Any, m: Any) -> None:
    """old = new * m + old * (1 - m), in place (Paddle's padded-step state update)."""
    old *= 1 - m
    old += new * m


class _Direction:
    """One (layer, direction) pass: weights, states and scratch buffers."""

    def __init__(self, xp: Any, cell: RnnMode, weights: Sequence[Any], k: int,
                 num_dirs: int, num_layers: int, hidden: int) -> None:
        self.xp, self.cell, self.hidden = xp, cell, hidden
        nw = 2 * num_layers * num_dirs
        self.w_ih, self.w_hh = weights[2 * k], weights[2 * k + 1]
        self.b_ih, self.b_hh = weights[nw + 2 * k], weights[nw + 2 * k + 1]

    def project(self, inp: Any, gx: Any) -> None:
        """gx[T, B, G*H] = inp @ W_ih^T + b_ih + b_hh (GRU: b_hh without its candidate part)."""
        t, b, size = inp.shape
        flat = gx.reshape(t * b, gx.shape[-1])  # not -1: t * b may be 0
        self.xp.matmul(inp.reshape(t * b, size), self.w_ih.T, out=flat)
        flat += self.b_ih
        if self.cell is RnnMode.GRU:
            flat[:, :2 * self.hidden] += self.b_hh[:2 * self.hidden]
        else:
            flat += self.b_hh

    def step(self, g: Any, h: Any, c: Any, gh: Any, h_new: Any, c_new: Any,
             saved: _Saved | None = None) -> None:
        """One step: g [B, G*H] holds the projected input (overwritten), h/c the states;
        writes h_new (and c_new for LSTM) and, training, the step's reserve entries."""
        xp, n = self.xp, self.hidden
        xp.matmul(h, self.w_hh.T, out=gh)
        if self.cell is RnnMode.GRU:
            g[:, :2 * n] += gh[:, :2 * n]
            _sigmoid_(xp, g[:, :2 * n])
            r, z, cand = g[:, :n], g[:, n:2 * n], g[:, 2 * n:]
            hc = gh[:, 2 * n:]
            hc += self.b_hh[2 * n:]
            if saved is not None:
                xp.copyto(saved.cell, hc)
            hc *= r
            cand += hc
            xp.tanh(cand, out=cand)
            xp.multiply(1 - z, cand, out=h_new)
            h_new += z * h
        elif self.cell is RnnMode.LSTM:
            g += gh
            _sigmoid_(xp, g[:, :2 * n])
            _sigmoid_(xp, g[:, 3 * n:])
            xp.tanh(g[:, 2 * n:3 * n], out=g[:, 2 * n:3 * n])
            i, f, cand, o = g[:, :n], g[:, n:2 * n], g[:, 2 * n:3 * n], g[:, 3 * n:]
            xp.multiply(f, c, out=c_new)
            c_new += i * cand
            xp.tanh(c_new, out=h_new)
            if saved is not None:
                xp.copyto(saved.cell_act, h_new)
            h_new *= o
        else:
            g += gh
            if saved is not None:
                xp.copyto(saved.gates, g)
            if self.cell is RnnMode.RNN_TANH:
                xp.tanh(g, out=h_new)
            else:
                xp.maximum(g, 0, out=h_new)
            return
        if saved is not None:
            xp.copyto(saved.gates, g)


class _Saved:
    """One step's reserve entries (views; None where the mode keeps none)."""

    def __init__(self, layout: ReserveLayout, reserve: Any, layer: int, direction: int,
                 t: int) -> None:
        self.gates = layout.gates(reserve, layer)[direction, t]
        has_cell = layout.cell in (RnnMode.LSTM, RnnMode.GRU)
        self.cell = layout.cell_state(reserve, layer)[direction, t] if has_cell else None
        self.cell_act = (layout.cell_act(reserve, layer)[direction, t]
                         if layout.cell is RnnMode.LSTM else None)


@dataclasses.dataclass
class Training:
    """What a training forward adds: the reserve to fill (`ReserveLayout`) and the
    inter-layer dropout (`dropout_mask` of Out's dims, uint8, drawn by the caller)."""

    reserve: Any
    dropout_prob: float = 0.0
    dropout_mask: Any | None = None


def start_training(xp: Any, reserve: Any, dropout_mask: Any | None, dropout_prob: float,
                   seed: int, num_layers: int, out_shape: tuple[int, ...]) -> Training:
    """A training forward's state: DropoutState all ones (Paddle's), then, with
    dropout_prob > 0 and more than one layer, a fresh mask (seed 0: the global generator)."""
    if dropout_mask is None and dropout_prob and num_layers > 1:
        dropout_mask = xp.empty(out_shape, np.uint8)
    if dropout_mask is not None:
        dropout_mask.fill(1)
        if dropout_prob and num_layers > 1:
            draw_dropout_mask(xp, dropout_prob, generator(seed), dropout_mask)
    return Training(reserve, dropout_prob, dropout_mask)


def rnn(xp: Any, x: Any, pre_state: Sequence[Any], weights: Sequence[Any], seq_len: Any | None,
        is_bidirec: bool, hidden_size: int, num_layers: int, mode: str, out: Any,
        state: Sequence[Any], training: Training | None = None) -> None:
    """Run the stacked RNN on x [T, B, I]; writes out [T, B, D*H] and state (h, and c for
    LSTM), each [num_layers * D, B, H]. Inputs are validated by `check_shapes` first."""
    check_shapes(x.shape, [s.shape for s in pre_state], [w.shape for w in weights],
                 None if seq_len is None else seq_len.shape, mode, is_bidirec, hidden_size,
                 num_layers)
    cell = RnnMode.parse(mode)
    t_steps, batch, _ = x.shape
    if t_steps == 0:
        raise ValueError("rnn: Input has 0 time steps; Paddle's kernel needs at least one")
    d, n = num_directions(is_bidirec), hidden_size
    mask, min_len = (None, t_steps) if seq_len is None else \
        sequence_mask(xp, seq_len, t_steps, x.dtype)
    layout = ReserveLayout(mode, num_layers, d, t_steps, batch, n)
    gx = xp.empty((t_steps, batch, cell.gates * n), x.dtype)
    gh = xp.empty((batch, cell.gates * n), x.dtype)
    c_tmp = xp.empty((batch, n), x.dtype)
    buffers = [xp.empty((t_steps, batch, d * n), x.dtype) for _ in range(min(num_layers - 1, 2))]
    dropped = (xp.empty((t_steps, batch, d * n), x.dtype)
               if training is not None and training.dropout_prob and num_layers > 1 else None)
    inp = x
    with quiet(xp):
        for layer in range(num_layers):
            if layer == num_layers - 1:
                dest = out
            elif training is not None:
                dest = layout.layer_output(training.reserve, layer)
            else:
                dest = buffers[layer % 2]
            for direction in range(d):
                k = layer * d + direction
                run = _Direction(xp, cell, weights, k, d, num_layers, n)
                run.project(inp, gx)
                h = state[0][k]
                xp.copyto(h, pre_state[0][k])
                c = None
                if cell is RnnMode.LSTM:
                    c = state[1][k]
                    xp.copyto(c, pre_state[1][k])
                steps = range(t_steps - 1, -1, -1) if direction else range(t_steps)
                half = slice(direction * n, (direction + 1) * n)
                for t in steps:
                    h_new = dest[t, :, half]
                    saved = (None if training is None
                             else _Saved(layout, training.reserve, layer, direction, t))
                    run.step(gx[t], h, c, gh, h_new, c_tmp, saved)
                    if mask is not None and t >= min_len:
                        _masked_(h, h_new, mask[t])
                        h_new *= mask[t]
                        if c is not None:
                            _masked_(c, c_tmp, mask[t])
                    else:
                        xp.copyto(h, h_new)
                        if c is not None:
                            xp.copyto(c, c_tmp)
                    if saved is not None and c is not None:
                        xp.copyto(saved.cell, c)
            inp = dest
            if dropped is not None and layer < num_layers - 1:
                dropout_(xp, dest, training.dropout_mask, training.dropout_prob, dropped)
                inp = dropped
