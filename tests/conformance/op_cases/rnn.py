"""The fused `rnn` op (paddle.nn.LSTM / GRU / SimpleRNN): modes, directions, layers, batch
sizes and SequenceLength (int32 / int64, lengths from 0 to T); fluid's LoD recurrent ops
(`lstm`, `gru`, `gru_unit`, `attention_lstm`): sequences from Input's LoD (one of them
empty where Paddle allows it), initial states, peepholes, directions, activations.

Every tensor is a feed (weights too), in Paddle's WeightList order: W_ih, W_hh per (layer,
direction), then b_ih, b_hh per (layer, direction). Saved inference programs run with
is_test (save_inference_model sets it), so `dropout_prob` is inert.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from .spec import Case, In, LoDIn

#: Output slot -> the input slot whose tensor count it has (State: one per PreState).
OUTPUT_COUNTS = {"rnn": {"State": "PreState"}}
#: Saved without clip_extra, as programs were before it: Paddle 3.3.1's InferMeta of a `gru`
#: whose extra outputs were clipped dereferences them (SIGSEGV).
UNCLIPPED = ("gru",)

_GATES = {"LSTM": 4, "GRU": 3, "RNN_TANH": 1, "RNN_RELU": 1}
_I, _H = 3, 4


def rnn_case(name: str, mode: str, *, steps: int = 5, batch: int = 3, layers: int = 1,
             bidirec: bool = False, lengths: list[int] | None = None,
             len_dtype: str = "int64", dtype: str = "float32", **attrs: Any) -> Case:
    """One rnn case: Input [steps, batch, 3], hidden size 4, weights in [-0.6, 0.6)."""
    d = 2 if bidirec else 1
    rows = _GATES[mode] * _H
    weights = []
    for k in range(layers * d):
        weights += [In((rows, _I if k < d else d * _H), dtype, -0.6, 0.6),
                    In((rows, _H), dtype, -0.6, 0.6)]
    weights += [In((rows,), dtype, -0.3, 0.3)] * (2 * layers * d)
    states = [In((layers * d, batch, _H), dtype, -1.0, 1.0)] * (2 if mode == "LSTM" else 1)
    inputs: dict[str, Any] = {"Input": In((steps, batch, _I), dtype, -2.0, 2.0),
                              "PreState": states, "WeightList": weights}
    if lengths is not None:
        inputs["SequenceLength"] = In((batch,), len_dtype, values=lengths)
    return Case(f"rnn_{name}", "rnn", inputs,
                attrs={"mode": mode, "num_layers": layers, "is_bidirec": bidirec,
                       "input_size": _I, "hidden_size": _H, **attrs})


CASES = [
    rnn_case("lstm", "LSTM"),
    rnn_case("lstm_b1", "LSTM", batch=1),
    rnn_case("lstm_bidir_2layers", "LSTM", layers=2, bidirec=True),
    rnn_case("lstm_bidir_2layers_even_steps", "LSTM", steps=4, layers=2, bidirec=True),
    rnn_case("lstm_bidir_2layers_lengths", "LSTM", layers=2, bidirec=True, lengths=[5, 2, 0]),
    rnn_case("lstm_lengths_int32_even", "LSTM", steps=4, lengths=[1, 4, 3], len_dtype="int32"),
    rnn_case("lstm_b1_lengths", "LSTM", batch=1, layers=2, bidirec=True, lengths=[3]),
    rnn_case("lstm_float64", "LSTM", layers=2, dtype="float64", lengths=[4, 5, 1]),
    rnn_case("lstm_dropout_inert", "LSTM", layers=2, dropout_prob=0.5),
    rnn_case("gru", "GRU"),
    rnn_case("gru_b1", "GRU", batch=1, bidirec=True),
    rnn_case("gru_bidir_2layers", "GRU", layers=2, bidirec=True),
    rnn_case("gru_bidir_2layers_lengths", "GRU", layers=2, bidirec=True, lengths=[2, 5, 3]),
    rnn_case("gru_lengths_int32", "GRU", lengths=[0, 5, 4], len_dtype="int32"),
    rnn_case("gru_float64", "GRU", layers=2, bidirec=True, dtype="float64"),
    rnn_case("rnn_tanh", "RNN_TANH"),
    rnn_case("rnn_tanh_bidir_2layers_lengths", "RNN_TANH", layers=2, bidirec=True,
             lengths=[3, 1, 5]),
    rnn_case("rnn_tanh_b1_float64", "RNN_TANH", batch=1, layers=2, dtype="float64"),
    rnn_case("rnn_relu", "RNN_RELU", layers=2),
    rnn_case("rnn_relu_bidir_lengths", "RNN_RELU", bidirec=True, lengths=[5, 4, 2]),
]


#: Sequences of 2, 3 and 1 rows (sorted by length for the batches: 3, 2, 1); with an empty one.
_LOD = ((0, 2, 5, 6),)
_LOD_EMPTY = ((0, 3, 3, 4, 6),)
_D = 3  # hidden size: no multiple of 8, so Paddle's CPU kernels take their plain C++ path


def lstm_case(name: str, *, lod: tuple[tuple[int, ...], ...] = _LOD, dtype: str = "float32",
              peepholes: bool = True, h0: bool = False, c0: bool = False,
              **attrs: Any) -> Case:
    """One lstm case: Input [rows, 4D] (the projected gates c, i, f, o), Weight [D, 4D], Bias
    [1, 4D] (or [1, 7D] with the peepholes); H0 / C0 [sequences, D] when asked."""
    seqs = len(lod[0]) - 1
    inputs: dict[str, Any] = {"Input": LoDIn((lod[0][-1], 4 * _D), dtype, -1.5, 1.5, lod=lod)}
    if h0:
        inputs["H0"] = In((seqs, _D), dtype, -1.0, 1.0)
    if c0:
        inputs["C0"] = In((seqs, _D), dtype, -1.0, 1.0)
    inputs["Weight"] = In((_D, 4 * _D), dtype, -0.8, 0.8)
    inputs["Bias"] = In((1, (7 if peepholes else 4) * _D), dtype, -0.5, 0.5)
    # BatchGate / BatchCellPreAct (extra, intermediate): empty in these saved inference
    # programs (is_test); lstm_grad.py fetches and compares their training values
    return Case(f"lstm_{name}", "lstm", inputs, attrs={"use_peepholes": peepholes, **attrs})


LSTM = [
    lstm_case("float32"),
    lstm_case("float64", dtype="float64"),
    lstm_case("no_peepholes", peepholes=False),
    lstm_case("reverse_h0_c0", is_reverse=True, h0=True, c0=True),
    lstm_case("c0_only", c0=True, dtype="float64"),
    lstm_case("empty_sequence", lod=_LOD_EMPTY, h0=True, c0=True),
    lstm_case("one_sequence", lod=((0, 4),), is_reverse=True),
    lstm_case("activations", gate_activation="tanh", cell_activation="relu",
              candidate_activation="identity", dtype="float64"),
    lstm_case("relu_gates", gate_activation="relu", cell_activation="identity",
              candidate_activation="sigmoid", peepholes=False, c0=True),
    dataclasses.replace(lstm_case("unknown_activation", cell_activation="softplus"),
                        raises="not supported"),
]

CASES += LSTM


def gru_case(name: str, *, lod: tuple[tuple[int, ...], ...] = _LOD, dtype: str = "float32",
             h0: bool = False, bias: bool = True, **attrs: Any) -> Case:
    """One gru case: Input [rows, 3D] (the projected gates u, r, c), Weight [D, 3D], optional
    Bias [1, 3D] and H0 [sequences, D]. BatchGate, BatchResetHiddenPrev and BatchHidden are
    extra intermediate outputs Paddle 3.3.1 leaves empty in these saved (is_test) programs:
    not compared here; gru_grad.py's cases compare them from the training forward."""
    inputs: dict[str, Any] = {"Input": LoDIn((lod[0][-1], 3 * _D), dtype, -1.5, 1.5, lod=lod)}
    if h0:
        inputs["H0"] = In((len(lod[0]) - 1, _D), dtype, -1.0, 1.0)
    inputs["Weight"] = In((_D, 3 * _D), dtype, -0.8, 0.8)
    if bias:
        inputs["Bias"] = In((1, 3 * _D), dtype, -0.5, 0.5)
    return Case(f"gru_{name}", "gru", inputs, attrs=attrs, fetch=("Hidden",))


GRU = [
    gru_case("float32"),
    gru_case("float64", dtype="float64", h0=True),
    gru_case("origin_mode", origin_mode=True, h0=True),
    gru_case("reverse_no_bias", is_reverse=True, bias=False, dtype="float64"),
    gru_case("empty_sequence", lod=_LOD_EMPTY, h0=True),
    gru_case("one_sequence", lod=((0, 4),), is_reverse=True, h0=True, origin_mode=True),
    gru_case("activations", activation="relu", gate_activation="tanh", dtype="float64"),
    gru_case("identity", activation="identity", gate_activation="sigmoid", h0=True),
    dataclasses.replace(gru_case("unknown_activation", activation="softplus"),
                        raises="not supported"),
]

CASES += GRU


def gru_unit_case(name: str, *, batch: int = 4, dtype: str = "float32", bias: bool = True,
                  **attrs: Any) -> Case:
    """One gru_unit step: Input [batch, 3D], HiddenPrev [batch, D], Weight [D, 3D], optional
    Bias [1, 3D]; Gate and ResetHiddenPrev (intermediate) compared too."""
    inputs: dict[str, Any] = {"Input": In((batch, 3 * _D), dtype, -1.5, 1.5),
                              "HiddenPrev": In((batch, _D), dtype, -1.0, 1.0),
                              "Weight": In((_D, 3 * _D), dtype, -0.8, 0.8)}
    if bias:
        inputs["Bias"] = In((1, 3 * _D), dtype, -0.5, 0.5)
    return Case(f"gru_unit_{name}", "gru_unit", inputs, attrs=attrs,
                fetch=("Gate", "ResetHiddenPrev", "Hidden"))


GRU_UNIT = [
    gru_unit_case("float32"),
    gru_unit_case("float64", dtype="float64"),
    gru_unit_case("origin_mode_no_bias", origin_mode=True, bias=False),
    gru_unit_case("batch1_float64", batch=1, dtype="float64", origin_mode=True),
    gru_unit_case("empty_batch", batch=0),
    gru_unit_case("identity_relu", activation=0, gate_activation=3, dtype="float64"),
    gru_unit_case("tanh_gates", activation=1, gate_activation=2),
    dataclasses.replace(gru_unit_case("unknown_activation", activation=4),
                        raises="(?i)unsupported activation"),
]

CASES += GRU_UNIT


_M = 2  # attention_lstm's input width


def attention_lstm_case(name: str, *, lod: tuple[tuple[int, ...], ...] = _LOD,
                        dtype: str = "float32", h0: bool = True, bias: bool = True,
                        scalar: bool = False, scalar_bias: bool = False, **attrs: Any) -> Case:
    """One attention_lstm case: X [rows, M] LoD, C0 (and H0) [sequences, D], AttentionWeight
    [M + D, 1], LSTMWeight [D + M, 4D] (hidden rows first; gates f, i, o, c), LSTMBias [1, 4D];
    every output compared (the intermediates hold the last step's scratch values)."""
    seqs = len(lod[0]) - 1
    inputs: dict[str, Any] = {"X": LoDIn((lod[0][-1], _M), dtype, -1.5, 1.5, lod=lod),
                              "C0": In((seqs, _D), dtype, -1.0, 1.0)}
    if h0:
        inputs["H0"] = In((seqs, _D), dtype, -1.0, 1.0)
    inputs["AttentionWeight"] = In((_M + _D, 1), dtype, -1.0, 1.0)
    if bias:
        inputs["AttentionBias"] = In((1, 1), dtype, -0.5, 0.5)
    if scalar:
        inputs["AttentionScalar"] = In((1, 1), dtype, 0.5, 2.0)
    if scalar_bias:
        inputs["AttentionScalarBias"] = In((1, 1), dtype, -0.5, 0.5)
    inputs["LSTMWeight"] = In((_D + _M, 4 * _D), dtype, -0.8, 0.8)
    inputs["LSTMBias"] = In((1, 4 * _D), dtype, -0.5, 0.5)
    return Case(f"attention_lstm_{name}", "attention_lstm", inputs, attrs=attrs,
                fetch=("Hidden", "Cell", "AttentionedX", "AttentionFCOut", "LSTMX", "LSTMOUT"))


ATTENTION_LSTM = [
    attention_lstm_case("float32"),
    attention_lstm_case("float64", dtype="float64"),
    attention_lstm_case("no_h0_no_bias", h0=False, bias=False),
    attention_lstm_case("scalar", scalar=True, dtype="float64"),
    attention_lstm_case("scalar_bias", scalar=True, scalar_bias=True),
    attention_lstm_case("one_sequence", lod=((0, 5),)),
    attention_lstm_case("activations", gate_activation="tanh", cell_activation="relu",
                        candidate_activation="identity", dtype="float64"),
    attention_lstm_case("empty_sequence", lod=_LOD_EMPTY),
]

CASES += ATTENTION_LSTM
