"""rnn op: bad inputs give clear errors on both paths (Paddle's outputs are checked by the
single-op fixtures in tests/fixtures/ops/rnn)."""

from __future__ import annotations

import numpy as np
import pytest

from compat.single_op import run_single_op

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
