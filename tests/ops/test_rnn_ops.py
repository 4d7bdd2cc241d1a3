"""rnn and fluid's LoD recurrent ops (lstm, gru, gru_unit, attention_lstm): bad inputs give
clear errors on both paths (Paddle's outputs are checked by the
single-op fixtures in tests/fixtures/ops/rnn)."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op
from phi.core.dense_tensor import DenseTensor

_RNG = np.random.default_rng(7)


def _inputs(mode: str = "GRU", gates: int = 3, steps: int = 4, batch: int = 2,
            lengths: list[int] | None = None, n_weights: int = 4) -> dict:
    weights = [_RNG.normal(0, 0.5, (gates * 4, 3)).astype(np.float32),
               _RNG.normal(0, 0.5, (gates * 4, 4)).astype(np.float32),
               np.zeros(gates * 4, np.float32), np.zeros(gates * 4, np.float32)]
    inputs = {"Input": _RNG.normal(0, 1, (steps, batch, 3)).astype(np.float32),
              "PreState": [np.zeros((1, batch, 4), np.float32)],
              "WeightList": weights[:n_weights]}
    if lengths is not None:
        inputs["SequenceLength"] = np.array(lengths, np.int64)
    return inputs


_ATTRS = {"mode": "GRU", "input_size": 3, "hidden_size": 4, "is_test": True}


@pytest.mark.parametrize("mode", ["legacy", "phi"])
@pytest.mark.parametrize(("inputs", "attrs", "match"), [
    (_inputs(lengths=[5, 1]), {}, r"SequenceLength values must lie in \[0, 4\]"),
    (_inputs(lengths=[-1, 1]), {}, r"SequenceLength values"),
    (_inputs(n_weights=3), {}, "WeightList must hold 4 tensors"),
    (_inputs(), {"mode": "LSTM"}, "mode LSTM takes 2 PreState"),
    (_inputs(), {"mode": "lstm"}, "mode 'lstm' is not one of"),
    (_inputs(), {"hidden_size": 5}, "PreState must be"),
    (_inputs(gates=4), {}, r"WeightList\[0\] .* must be \[12, 3\] for mode GRU"),
], ids=["len>T", "len<0", "3 weights", "LSTM one state", "mode case", "hidden", "gates"])
def test_bad_inputs_raise(inputs: dict, attrs: dict, match: str, mode: str) -> None:
    with pytest.raises(Exception, match=match):
        run_single_op("rnn", inputs, {**_ATTRS, **attrs}, {"Out": 1, "State": 1}, mode)


def test_fully_padded_sequence_keeps_h0_and_zero_out() -> None:
    inputs = _inputs(lengths=[0, 4])
    inputs["PreState"] = [_RNG.normal(0, 1, (1, 2, 4)).astype(np.float32)]
    for mode in ("legacy", "phi"):
        got, _ = run_single_op("rnn", inputs, _ATTRS, {"Out": 1, "State": 1}, mode)
        assert not got["Out"][0][:, 0].any() and got["Out"][0][:, 1].all()
        np.testing.assert_array_equal(got["State"][0][0, 0], inputs["PreState"][0][0, 0])
        np.testing.assert_array_equal(got["State"][0][0, 1], got["Out"][0][-1, 1])


# -- fluid's LoD recurrent ops: what Paddle refuses while building or running a program ------

def _lod(rows: int, width: int, lod: list[list[int]] | None = ([0, 2, 5],)) -> DenseTensor:
    data = _RNG.normal(0, 1, (rows, width)).astype(np.float32)
    return DenseTensor(data, lod=[list(level) for level in lod] if lod else [])


def _f32(*shape: int) -> np.ndarray:
    return _RNG.normal(0, 0.5, shape).astype(np.float32)


@pytest.mark.parametrize("mode", ["legacy", "phi"])
@pytest.mark.parametrize(("op", "inputs", "outputs", "match"), [
    ("lstm", {"Input": _lod(5, 12), "H0": _f32(2, 3), "Weight": _f32(3, 12),
              "Bias": _f32(1, 21)}, ["Hidden", "Cell"], "H0 is given without C0"),
    ("lstm", {"Input": _lod(5, 12, None), "Weight": _f32(3, 12), "Bias": _f32(1, 21)},
     ["Hidden", "Cell"], "exactly one LoD level"),
    ("lstm", {"Input": _lod(5, 12, [[0, 2], [0, 2, 5]]), "Weight": _f32(3, 12),
              "Bias": _f32(1, 21)}, ["Hidden", "Cell"], "exactly one LoD level"),
    ("lstm", {"Input": _lod(5, 12), "Weight": _f32(3, 12), "Bias": _f32(1, 12)},
     ["Hidden", "Cell"], r"Bias must be \[1, 21\] \(use_peepholes = True\)"),
    ("lstm", {"Input": _lod(5, 12), "C0": _f32(3, 3), "Weight": _f32(3, 12),
              "Bias": _f32(1, 21)}, ["Hidden", "Cell"], "C0 has 3 rows but Input has 2"),
    ("gru", {"Input": _lod(5, 9), "Weight": _f32(3, 8)}, ["Hidden"],
     r"Weight must be \[D, 3 \* D\]"),
    ("gru", {"Input": _lod(5, 9, [[0, 2, 6]]), "Weight": _f32(3, 9)}, ["Hidden"],
     "not offsets from 0 to its 5 rows"),
    ("gru_unit", {"Input": _f32(2, 9), "HiddenPrev": _f32(3, 3), "Weight": _f32(3, 9)},
     ["Gate", "ResetHiddenPrev", "Hidden"], "HiddenPrev has 3 rows, Input 2"),
    ("attention_lstm", {"X": _lod(5, 2), "C0": _f32(2, 3), "AttentionWeight": _f32(4, 1),
                        "LSTMWeight": _f32(5, 12), "LSTMBias": _f32(1, 12)},
     ["Hidden", "Cell", "AttentionedX", "AttentionFCOut", "LSTMX", "LSTMOUT"],
     r"AttentionWeight must be \[5, 1\]"),
], ids=["lstm H0 alone", "lstm no LoD", "lstm 2 levels", "lstm bias", "lstm C0 rows",
        "gru weight", "gru LoD rows", "gru_unit rows", "attention weight"])
def test_lod_recurrent_ops_refuse_bad_inputs(op: str, inputs: dict, outputs: list[str],
                                             match: str, mode: str) -> None:
    with pytest.raises(Exception, match=match):
        run_single_op(op, inputs, {}, outputs, mode)
