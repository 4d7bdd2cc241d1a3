"""The math of fluid's LoD recurrent ops (`lstm`, `gru`, `gru_unit`), as Paddle's CPU kernels
compute it, shared by the PHI kernels and the legacy kernels (the fused `rnn` op's math is
`phi.kernels.funcs.rnn`).

Sequences are the level-0 LoD of the input ([rows, G * D], the projected gates of every
step). Paddle runs them time-major in "batches": the sequences sorted by length, longest
first (ties keep their order), batch t holding step t of every sequence longer than t (the
reverse direction starts at each sequence's last row). `lod_batches` gives that layout; the
kernels gather the input rows into it, run one matmul per step over the sequences it holds
and scatter the results back. Initial states (one row per sequence) are reordered the same
way.

Gate layouts: lstm `c, i, f, o` (candidate first), peepholes `W_ic, W_fc, W_oc` after the
four biases; gru / gru_unit `u, r, c` (update, reset, candidate) with Weight [D, 3D] read as
Paddle's kernels read its memory: the first 2 * D * D values are the [D, 2D] update/reset
weights, the last D * D the [D, D] candidate weights.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import quiet

LoD = Sequence[Sequence[int]]

#: Paddle's clamps: a sigmoid's input is clipped to [-40, 13], a tanh's -2x to at most 40.
_SIGMOID_MIN, _SIGMOID_MAX, _EXP_MAX = -40.0, 13.0, 40.0


class Activation(enum.Enum):
    """The activations of the LoD recurrent ops, by Paddle's names; `gru_unit` numbers them
    (its `activation` / `gate_activation` ints are the member's index)."""

    IDENTITY = "identity"
    SIGMOID = "sigmoid"
    TANH = "tanh"
    RELU = "relu"

    @classmethod
    def parse(cls, op: str, attr: str, value: str | int) -> Activation:
        members = list(cls)
        if isinstance(value, int) and not isinstance(value, bool):
            if 0 <= value < len(members):
                return members[value]
        elif value == "":
            return cls.IDENTITY
        else:
            for member in members:
                if value == member.value:
                    return member
        raise ValueError(f"{op}: attribute {attr}: unsupported activation {value!r}, not supported "
                         f"(one of {', '.join(f'{i} {m.value}' for i, m in enumerate(members))})")

    @classmethod
    def parse_all(cls, op: str, **attrs: str | int) -> tuple[Activation, ...]:
        """The activations named by `attrs` (attribute name -> value), in their order."""
        return tuple(cls.parse(op, name, value) for name, value in attrs.items())

    def apply_(self, xp: Any, a: Any, flavor: ActFlavor | None = None) -> None:
        """a = act(a), in place, by the formulas of `flavor` (default: `ActFlavor.DETAIL`)."""
        flavor = flavor or ActFlavor.DETAIL
        if self is Activation.TANH and flavor is ActFlavor.EIGEN:
            xp.tanh(a, out=a)
        elif self is Activation.TANH and flavor is ActFlavor.CPU_VEC:   # 2 sigmoid(2a) - 1
            a *= 2
            Activation.SIGMOID.apply_(xp, a, flavor)
            a *= 2
            a -= 1
        elif self is Activation.SIGMOID:
            if flavor is not ActFlavor.EIGEN:
                xp.clip(a, _SIGMOID_MIN, _SIGMOID_MAX, out=a)
            xp.negative(a, out=a)
            xp.exp(a, out=a)
            a += 1
            xp.reciprocal(a, out=a)
        elif self is Activation.TANH:
            a *= -2
            xp.minimum(a, _EXP_MAX, out=a)
            xp.exp(a, out=a)
            a += 1
            xp.divide(2, a, out=a)
            a -= 1
        elif self is Activation.RELU:
            xp.maximum(a, 0, out=a)

    def grad_(self, out: Any, grad: Any) -> None:
        """grad *= act'(x), in place, from the activated value out = act(x) (Paddle's
        recurrent grad kernels: sigmoid y (1 - y), tanh 1 - y * y, relu y > 0)."""
        if self is Activation.SIGMOID:
            grad *= out
            grad *= 1 - out
        elif self is Activation.TANH:
            grad *= 1 - out * out
        elif self is Activation.RELU:
            grad *= out > 0


class ActFlavor(enum.Enum):
    """Which of Paddle's activation implementations a kernel calls (they round and clamp
    differently): DETAIL, the recurrent kernels' (lstm, gru: sigmoid's input clipped to
    [-40, 13], tanh as 2 / (1 + exp(min(-2a, 40))) - 1); EIGEN, gru_unit's (plain sigmoid and
    tanh); CPU_VEC, attention_lstm's (the clipped sigmoid, tanh as 2 sigmoid(2a) - 1)."""

    DETAIL = "detail"
    EIGEN = "eigen"
    CPU_VEC = "cpu_vec"


def sequence_offsets(op: str, lod: LoD, rows: int) -> np.ndarray:
    """The level-0 offsets of an input of `rows` rows (exactly one LoD level, from 0 to
    rows, non-decreasing)."""
    if len(lod) != 1:
        raise ValueError(f"{op}: Input must have exactly one LoD level (its sequences), "
                         f"got {len(lod)}")
    offsets = np.asarray(lod[0], dtype=np.int64)
    if offsets.size < 2 or offsets[0] != 0 or offsets[-1] != rows or np.any(np.diff(offsets) < 0):
        raise ValueError(f"{op}: Input's LoD {list(lod[0])} is not offsets from 0 to its "
                         f"{rows} rows")
    return offsets


def lod_batches(offsets: np.ndarray, is_reverse: bool) -> tuple[np.ndarray, np.ndarray,
                                                                  np.ndarray]:
    """Paddle's time-major layout of the sequences: (`index`: the input row of each batch
    row, `starts`: batch t is rows starts[t]:starts[t + 1], `order`: the sequences, longest
    first, ties in their order)."""
    lengths = np.diff(offsets)
    order = np.argsort(-lengths, kind="stable")
    steps = np.arange(int(lengths.max(initial=0)))
    live = lengths[order][None, :] > steps[:, None]          # [steps, sequences]
    t, k = np.nonzero(live)                                    # row-major: step by step
    seq = order[k]
    index = offsets[seq] + (lengths[seq] - 1 - t if is_reverse else t)
    starts = np.concatenate([[0], np.cumsum(live.sum(axis=1))])
    return index, starts, order


def check_lstm_dims(op: str, x_dims: Sequence[int], h0_dims: Sequence[int] | None,
                    c0_dims: Sequence[int] | None, w_dims: Sequence[int],
                    b_dims: Sequence[int], use_peepholes: bool) -> int:
    """The frame size D after Paddle's checks of lstm's inputs."""
    if len(x_dims) != 2:
        raise ValueError(f"{op}: Input must be 2-D [rows, 4 * D], got {list(x_dims)}")
    if len(w_dims) != 2 or w_dims[1] != 4 * w_dims[0]:
        raise ValueError(f"{op}: Weight must be [D, 4 * D], got {list(w_dims)}")
    d = int(w_dims[0])
    if x_dims[1] != 4 * d:
        raise ValueError(f"{op}: Input's width {x_dims[1]} is not 4 * D = {4 * d}")
    width = 7 * d if use_peepholes else 4 * d
    if list(b_dims) != [1, width]:
        raise ValueError(f"{op}: Bias must be [1, {width}] (use_peepholes = "
                         f"{use_peepholes}), got {list(b_dims)}")
    if h0_dims is not None and c0_dims is None:
        raise ValueError(f"{op}: H0 is given without C0; Paddle needs both or C0 alone")
    for name, dims in (("H0", h0_dims), ("C0", c0_dims)):
        if dims is not None and (len(dims) != 2 or dims[1] != d):
            raise ValueError(f"{op}: {name} must be [sequences, {d}], got {list(dims)}")
    return d


def _initial(xp: Any, state: Any | None, order: np.ndarray, op: str, name: str) -> Any | None:
    """An initial state's rows in batch order (one row per sequence)."""
    if state is None:
        return None
    if state.shape[0] != order.size:
        raise ValueError(f"{op}: {name} has {state.shape[0]} rows but Input has "
                         f"{order.size} sequences")
    return state[xp.asarray(order)]


def batch_lod(offsets: np.ndarray, is_reverse: bool) -> list[list[int]]:
    """The LoD Paddle gives a batch-ordered workspace (lstm's BatchGate): the batch starts,
    the input row of each batch row, the sequences in batch order."""
    index, starts, order = lod_batches(offsets, is_reverse)
    return [starts.tolist(), index.tolist(), order.tolist()]


def lstm(xp: Any, x: Any, h0: Any | None, c0: Any | None, weight: Any, bias: Any,
         offsets: np.ndarray, use_peepholes: bool, is_reverse: bool,
         acts: tuple[Activation, Activation, Activation], hidden: Any, cell: Any,
         batch_gate: Any | None = None, batch_cell_pre_act: Any | None = None) -> None:
    """Paddle's `lstm` over the sequences of x [rows, 4D]; writes hidden and cell [rows, D].
    `acts`: (gate, cell, candidate) activations. A training run also writes Paddle's
    workspaces, rows in batch order (`lod_batches`): batch_gate [rows, 4D] the activated
    gates c~, i, f, o, batch_cell_pre_act [rows, D] act_cell(c) (what lstm_grad reads)."""
    gate_act, cell_act, cand_act = acts
    d = weight.shape[0]
    index, starts, order = lod_batches(offsets, is_reverse)
    prev_h = _initial(xp, h0, order, "lstm", "H0")
    prev_c = _initial(xp, c0, order, "lstm", "C0")
    gates = x[xp.asarray(index)] + bias[0, :4 * d]
    out_h, out_c = xp.empty((index.size, d), x.dtype), xp.empty((index.size, d), x.dtype)
    peep = bias[0, 4 * d:] if use_peepholes else None
    with quiet(xp):
        for t in range(starts.size - 1):
            s, e = int(starts[t]), int(starts[t + 1])
            g, h, c = gates[s:e], out_h[s:e], out_c[s:e]
            if prev_h is not None:
                g += prev_h[:e - s] @ weight
            cand, ig, fg, og = (g[:, k * d:(k + 1) * d] for k in range(4))
            cand_act.apply_(xp, cand)
            if prev_c is not None:
                pc = prev_c[:e - s]
                if peep is not None:
                    ig += pc * peep[:d]
                    fg += pc * peep[d:2 * d]
                gate_act.apply_(xp, ig)
                gate_act.apply_(xp, fg)
                xp.multiply(cand, ig, out=c)
                c += pc * fg
            else:
                gate_act.apply_(xp, ig)
                gate_act.apply_(xp, fg)
                xp.multiply(cand, ig, out=c)
            if peep is not None:
                og += c * peep[2 * d:]
            gate_act.apply_(xp, og)
            xp.copyto(h, c)
            cell_act.apply_(xp, h)
            if batch_cell_pre_act is not None:
                xp.copyto(batch_cell_pre_act[s:e], h)
            h *= og
            prev_h, prev_c = h, c
    rows = xp.asarray(index)
    hidden[rows] = out_h
    cell[rows] = out_c
    if batch_gate is not None:
        xp.copyto(batch_gate, gates)


def check_gru_dims(op: str, x_dims: Sequence[int], h_dims: Sequence[int] | None,
                   w_dims: Sequence[int], b_dims: Sequence[int] | None,
                   x_name: str = "Input", h_name: str = "H0") -> int:
    """The frame size D after Paddle's checks of gru's / gru_unit's inputs."""
    if len(w_dims) != 2 or w_dims[1] != 3 * w_dims[0]:
        raise ValueError(f"{op}: Weight must be [D, 3 * D], got {list(w_dims)}")
    d = int(w_dims[0])
    if len(x_dims) != 2 or x_dims[1] != 3 * d:
        raise ValueError(f"{op}: {x_name} must be [rows, 3 * D = {3 * d}], got {list(x_dims)}")
    if h_dims is not None and (len(h_dims) != 2 or h_dims[1] != d):
        raise ValueError(f"{op}: {h_name} must be [rows, {d}], got {list(h_dims)}")
    if b_dims is not None and list(b_dims) != [1, 3 * d]:
        raise ValueError(f"{op}: Bias must be [1, {3 * d}], got {list(b_dims)}")
    return d


def gru_step(xp: Any, g: Any, prev: Any | None, weight: Any, acts: tuple[Activation, Activation],
             origin_mode: bool, reset_prev: Any, out: Any) -> None:
    """One GRU step over rows of g [n, 3D] (input projection + bias; overwritten with the
    activated u, r, c), prev [n, D] (None: zeros). Writes reset_prev = r * prev and out."""
    act, gate_act = acts
    d = weight.shape[0]
    flat = weight.reshape(-1)
    ur, c = g[:, :2 * d], g[:, 2 * d:]
    if prev is not None:
        ur += prev @ flat[:2 * d * d].reshape(d, 2 * d)
    gate_act.apply_(xp, ur)
    u, r = ur[:, :d], ur[:, d:]
    if prev is None:
        reset_prev.fill(0)
    else:
        xp.multiply(prev, r, out=reset_prev)
        c += reset_prev @ flat[2 * d * d:].reshape(d, d)
    act.apply_(xp, c)
    if prev is None:
        prev = xp.zeros_like(out)
    if origin_mode:        # u * prev - u * c + c
        xp.multiply(u, prev, out=out)
        out -= u * c
        out += c
    else:                  # prev - u * prev + u * c
        xp.subtract(prev, u * prev, out=out)
        out += u * c


def gru(xp: Any, x: Any, h0: Any | None, weight: Any, bias: Any | None, offsets: np.ndarray,
        is_reverse: bool, origin_mode: bool, acts: tuple[Activation, Activation],
        hidden: Any, batch: Sequence[Any | None] = (None, None, None)) -> None:
    """Paddle's `gru` over the sequences of x [rows, 3D]; writes hidden [rows, D]. `acts`:
    (candidate, gate) activations. `batch`: Paddle's workspaces BatchGate [rows, 3D] (the
    activated u, r, c), BatchResetHiddenPrev and BatchHidden [rows, D] (r * h_prev and h),
    in batch order (`lod_batches`); scratch where None."""
    d = weight.shape[0]
    index, starts, order = lod_batches(offsets, is_reverse)
    prev = _initial(xp, h0, order, "gru", "H0")
    gates, reset_prev, out_h = (xp.empty((index.size, w), x.dtype) if a is None else a
                                for a, w in zip(batch, (3 * d, d, d)))
    gates[...] = x[xp.asarray(index)]
    if bias is not None:
        gates += bias[0]
    with quiet(xp):
        for t in range(starts.size - 1):
            s, e = int(starts[t]), int(starts[t + 1])
            gru_step(xp, gates[s:e], None if prev is None else prev[:e - s], weight, acts,
                     origin_mode, reset_prev[s:e], out_h[s:e])
            prev = out_h[s:e]
    hidden[xp.asarray(index)] = out_h


def gru_workspaces(rows: int, d: int, offsets: np.ndarray, is_reverse: bool,
                   outs: Sequence[Any | None], alloc: Any) -> list[Any | None]:
    """Sizes gru's BatchGate, BatchResetHiddenPrev and BatchHidden tensors `outs` (None where
    the op has none), gives BatchGate and BatchHidden Paddle's LoD (the batch starts, the
    input row of each batch row, the sequences in batch order) and returns their arrays
    (`alloc(tensor)`), None for a missing one."""
    index, starts, order = lod_batches(offsets, is_reverse)
    lod = [starts.tolist(), index.tolist(), order.tolist()]
    arrays = []
    for out, width, out_lod in zip(outs, (3 * d, d, d), (lod, [], lod)):
        if out is not None:
            out.resize((rows, width))
            out.lod = out_lod
        arrays.append(None if out is None else alloc(out))
    return arrays


def gru_unit(xp: Any, x: Any, h_prev: Any, weight: Any, bias: Any | None,
             acts: tuple[Activation, Activation], origin_mode: bool, gate: Any,
             reset_prev: Any, hidden: Any) -> None:
    """Paddle's `gru_unit`: one GRU step of x [n, 3D] from h_prev [n, D]; writes gate (the
    activated u, r, c), reset_prev = r * h_prev and hidden. `acts`: (candidate, gate)."""
    act, gate_act = acts
    d = weight.shape[0]
    flat = weight.reshape(-1)
    if bias is None:
        xp.copyto(gate, x)
    else:
        xp.add(x, bias, out=gate)
    ur, c = gate[:, :2 * d], gate[:, 2 * d:]
    with quiet(xp):
        ur += h_prev @ flat[:2 * d * d].reshape(d, 2 * d)
        gate_act.apply_(xp, ur, ActFlavor.EIGEN)
        u = ur[:, :d]
        xp.multiply(ur[:, d:], h_prev, out=reset_prev)
        c += reset_prev @ flat[2 * d * d:].reshape(d, d)
        act.apply_(xp, c, ActFlavor.EIGEN)
        if origin_mode:        # c + u * (h_prev - c)
            xp.subtract(h_prev, c, out=hidden)
            hidden *= u
            hidden += c
        else:                  # u * (c - h_prev) + h_prev
            xp.subtract(c, h_prev, out=hidden)
            hidden *= u
            hidden += h_prev


def check_gru_unit_dims(x_dims: Sequence[int], h_dims: Sequence[int], w_dims: Sequence[int],
                        b_dims: Sequence[int] | None) -> tuple[int, int]:
    """(batch, D) after Paddle's checks of gru_unit's inputs."""
    d = check_gru_dims("gru_unit", x_dims, h_dims, w_dims, b_dims, h_name="HiddenPrev")
    if h_dims[0] != x_dims[0]:
        raise ValueError(f"gru_unit: HiddenPrev has {h_dims[0]} rows, Input {x_dims[0]}")
    return int(x_dims[0]), d


def check_attention_lstm_dims(x_dims: Sequence[int], c0_dims: Sequence[int],
                              h0_dims: Sequence[int] | None, att_w_dims: Sequence[int],
                              scalar_dims: Sequence[Sequence[int] | None],
                              w_dims: Sequence[int], b_dims: Sequence[int]) -> tuple[int, int]:
    """(M, D) after Paddle's checks of attention_lstm's inputs; `scalar_dims`: the dims of
    AttentionBias, AttentionScalar and AttentionScalarBias (None where absent), each [1, 1]."""
    op = "attention_lstm"
    if len(x_dims) != 2:
        raise ValueError(f"{op}: X must be 2-D [rows, M], got {list(x_dims)}")
    m = int(x_dims[1])
    if len(w_dims) != 2 or w_dims[1] % 4 or w_dims[0] != w_dims[1] // 4 + m:
        raise ValueError(f"{op}: LSTMWeight must be [D + M, 4 * D] with M = {m}, got "
                         f"{list(w_dims)}")
    d = int(w_dims[1]) // 4
    expected = {"LSTMBias": (b_dims, [1, 4 * d]), "C0": (c0_dims, [None, d]),
                "H0": (h0_dims, [None, d]), "AttentionWeight": (att_w_dims, [m + d, 1])}
    expected.update({name: (dims, [1, 1]) for name, dims in zip(
        ("AttentionBias", "AttentionScalar", "AttentionScalarBias"), scalar_dims)})
    for name, (dims, want) in expected.items():
        if dims is not None and (len(dims) != 2 or any(
                w is not None and got != w for got, w in zip(dims, want))):
            raise ValueError(f"{op}: {name} must be {[w or 'sequences' for w in want]}, got "
                             f"{list(dims)}")
    if h0_dims is not None and h0_dims[0] != c0_dims[0]:
        raise ValueError(f"{op}: H0 has {h0_dims[0]} rows, C0 {c0_dims[0]}")
    return m, d


def attention_lstm(xp: Any, x: Any, offsets: np.ndarray, c0: Any, h0: Any | None,
                   att_w: Any, scalars: Sequence[Any | None], lstm_w: Any, lstm_b: Any,
                   acts: tuple[Activation, ...], outs: Sequence[Any]) -> None:
    """Paddle's attention_lstm over the sequences of x [rows, M]. `scalars`: AttentionBias,
    AttentionScalar, AttentionScalarBias ([1, 1] or None); `acts`: (gate, cell, candidate);
    `outs`: Hidden, Cell [rows, D], AttentionedX [rows, 1], AttentionFCOut [max length, 1],
    LSTMX [1, M], LSTMOUT [1, 4D]. Each step attends over its sequence's rows: weights
    softmax(relu(x W_x + b + c_prev . W_c), scaled and biased by the scalars, relu again),
    then an LSTM step (gates f, i, o, c; LSTMWeight's first D rows for h_prev) on the weighted
    sum of the rows. The last three outputs hold Paddle's scratch after its last step (its
    sequences run one after another): the last step's weights, row j from the last sequence
    longer than j; LSTMX its weighted sum; LSTMOUT [act_cell(c), i * c~, o, c~]."""
    hidden, cell, atted_x, fc_out, lstm_x, lstm_out = outs
    att_b, scale, scale_b = scalars
    gate_act, cell_act, cand_act = acts
    m, d = x.shape[1], lstm_w.shape[1] // 4
    if c0.shape[0] != offsets.size - 1:
        raise ValueError(f"attention_lstm: C0 has {c0.shape[0]} rows but X has "
                         f"{offsets.size - 1} sequences")
    lengths = np.diff(offsets)
    steps = int(lengths.max(initial=0))
    with quiet(xp):
        xp.matmul(x, att_w[:m], out=atted_x)
        if att_b is not None:
            atted_x += att_b[0, 0]
        rows = np.minimum(offsets[:-1, None] + np.arange(steps), max(x.shape[0] - 1, 0))
        valid = xp.asarray(np.arange(steps) < lengths[:, None])
        ax, xs = atted_x[xp.asarray(rows), 0], x[xp.asarray(rows)]
        prev_c, prev_h = c0.copy(), None if h0 is None else h0.copy()
        probs = xp.zeros((offsets.size - 1, steps), x.dtype)
        last_x, last_out = xp.zeros((offsets.size - 1, m), x.dtype), xp.zeros(
            (offsets.size - 1, 4 * d), x.dtype)
        for t in range(steps):
            live = xp.asarray(np.nonzero(lengths > t)[0])
            pc = prev_c[live]
            fc = xp.maximum(ax[live] + (pc @ att_w[m:, 0])[:, None], 0)
            if scale is not None:
                fc *= scale[0, 0]
                if scale_b is not None:
                    fc += scale_b[0, 0]
                xp.maximum(fc, 0, out=fc)
            fc = xp.where(valid[live], fc, -xp.inf)
            fc = xp.exp(fc - fc.max(axis=1, keepdims=True))
            fc *= (1 / fc.sum(axis=1))[:, None]
            probs[live] = fc
            lx = xp.einsum("nl,nlm->nm", fc, xs[live])
            g = lx @ lstm_w[d:]
            if prev_h is not None:
                g += prev_h[live] @ lstm_w[:d]
            g += lstm_b[0]
            gate_act.apply_(xp, g[:, :3 * d], ActFlavor.CPU_VEC)
            cand_act.apply_(xp, g[:, 3 * d:], ActFlavor.CPU_VEC)
            g[:, :d] *= pc
            g[:, d:2 * d] *= g[:, 3 * d:]
            c = g[:, :d] + g[:, d:2 * d]
            xp.copyto(g[:, :d], c)
            cell_act.apply_(xp, g[:, :d], ActFlavor.CPU_VEC)
            h = g[:, :d] * g[:, 2 * d:3 * d]
            out_rows = xp.asarray(offsets[:-1][lengths > t] + t)
            cell[out_rows], hidden[out_rows] = c, h
            prev_c[live] = c
            if prev_h is None:
                prev_h = xp.zeros_like(prev_c)
            prev_h[live] = h
            last_x[live], last_out[live] = lx, g
    if steps:
        # row j of AttentionFCOut: the last sequence longer than j; LSTMX/OUT: the last one
        owner = (offsets.size - 2) - np.argmax((lengths[::-1, None] > np.arange(steps)), axis=0)
        fc_out[:, 0] = probs[xp.asarray(owner), xp.arange(steps)]
        lstm_x[0], lstm_out[0] = last_x[int(owner[0])], last_out[int(owner[0])]


def attention_lstm_out_dims(rows: int, m: int, d: int,
                            offsets: np.ndarray | None) -> list[tuple[int, ...]]:
    """Dims of Hidden, Cell, AttentionedX, AttentionFCOut ([longest sequence, 1]; -1 rows
    without the LoD), LSTMX, LSTMOUT."""
    steps = -1 if offsets is None else int(np.diff(offsets).max(initial=0))
    return [(rows, d), (rows, d), (rows, 1), (steps, 1), (1, m), (1, 4 * d)]
