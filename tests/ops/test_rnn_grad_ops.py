"""rnn's training forward (Reserve, DropoutState) and rnn_grad's edges; Paddle's gradients
are checked by tests/fixtures/grads/rnn_grad, finite differences by tests/api."""

from __future__ import annotations

import numpy as np
import pytest

from compat.dual_dispatch import DualDispatchRunner
from compat.single_op import build_single_op_program, run_single_op
from legacy_fluid.framework.executor import Executor
from legacy_fluid.framework.scope import Scope
from phi.common import CPUPlace

_ATTRS = {"mode": "LSTM", "num_layers": 2, "is_bidirec": True, "input_size": 5,
          "hidden_size": 8}


def _forward_inputs(rng: np.random.Generator, mode: str = "LSTM", steps: int = 4,
                    batch: int = 3) -> dict:
    gates = {"LSTM": 4, "GRU": 3}.get(mode, 1)
    weights = []
    for k in range(4):
        weights += [rng.uniform(-0.5, 0.5, (gates * 8, 5 if k < 2 else 16)),
                    rng.uniform(-0.5, 0.5, (gates * 8, 8))]
    weights += [rng.uniform(-0.5, 0.5, (gates * 8,)) for _ in range(8)]
    states = [rng.uniform(-1, 1, (4, batch, 8)) for _ in range(2 if mode == "LSTM" else 1)]
    return {"Input": rng.normal(0, 1, (steps, batch, 5)).astype(np.float32),
            "PreState": [s.astype(np.float32) for s in states],
            "WeightList": [w.astype(np.float32) for w in weights]}


def _forward(inputs: dict, path: str, **attrs: object) -> dict:
    outs, _ = run_single_op("rnn", inputs, {**_ATTRS, **attrs},
                            {"Out": 1, "DropoutState": 1, "State": len(inputs["PreState"]),
                             "Reserve": 1}, path)
    return outs


@pytest.mark.parametrize("path", ["legacy", "phi"])
def test_training_forward_saves_paddles_reserve_shape(path: str) -> None:
    """Paddle 3.3.1's Reserve for a 2-layer bidirectional LSTM, T 4, B 3, H 8: float32
    [13, 192] ((4 gates + c + tanh c) * 2 layers + 1 hidden row; 2 * 4 * 3 * 8)."""
    inputs = _forward_inputs(np.random.default_rng(0))
    train = _forward(inputs, path)
    assert train["Reserve"][0].shape == (13, 192)
    assert train["Reserve"][0].dtype == np.float32
    assert np.all(train["DropoutState"][0] == 1)
    infer = _forward(inputs, path, is_test=True)
    assert infer["Reserve"][0].size == 0
    np.testing.assert_array_equal(train["Out"][0], infer["Out"][0])
    for got, ref in zip(train["State"], infer["State"]):
        np.testing.assert_array_equal(got, ref)


@pytest.mark.parametrize("path", ["legacy", "phi"])
def test_training_dropout_draws_a_seeded_mask_between_layers(path: str) -> None:
    inputs = _forward_inputs(np.random.default_rng(1))
    first = _forward(inputs, path, dropout_prob=0.5, seed=11)
    again = _forward(inputs, path, dropout_prob=0.5, seed=11)
    plain = _forward(inputs, path)
    mask = first["DropoutState"][0]
    assert mask.shape == first["Out"][0].shape and set(np.unique(mask)) == {0, 1}
    np.testing.assert_array_equal(mask, again["DropoutState"][0])
    np.testing.assert_array_equal(first["Out"][0], again["Out"][0])
    assert not np.allclose(first["Out"][0], plain["Out"][0])
    one_layer = _forward(inputs | {"WeightList": inputs["WeightList"][:4]
                                   + inputs["WeightList"][8:12],
                                   "PreState": [s[:2] for s in inputs["PreState"]]},
                         path, dropout_prob=0.5, seed=11, num_layers=1)
    assert np.all(one_layer["DropoutState"][0] == 1), "one layer: nothing between layers"


def _grad_inputs(rng: np.random.Generator, reserve: np.ndarray | None = None) -> dict:
    inputs = _forward_inputs(rng)
    fwd = _forward(inputs, "legacy")
    return {**inputs, "Out": fwd["Out"][0], "DropoutState": fwd["DropoutState"][0],
            "Reserve": fwd["Reserve"][0] if reserve is None else reserve,
            "Out@GRAD": rng.normal(0, 1, fwd["Out"][0].shape).astype(np.float32),
            "State@GRAD": [np.zeros_like(s) for s in fwd["State"]]}


_GRAD_OUTS = {"Input@GRAD": 1, "PreState@GRAD": 2, "WeightList@GRAD": 16}


@pytest.mark.parametrize("path", ["legacy", "phi"])
def test_grad_of_an_inference_forward_is_refused(path: str) -> None:
    inputs = _grad_inputs(np.random.default_rng(2), reserve=np.zeros((0,), np.float32))
    with pytest.raises(Exception, match="is_test=true saves nothing to differentiate"):
        run_single_op("rnn_grad", inputs, _ATTRS, _GRAD_OUTS, path)


def _run_with_absent(inputs: dict, path: str, absent: set[str]) -> dict[str, np.ndarray]:
    """rnn_grad with the output variables in `absent` named @EMPTY@ (not asked for), as
    Paddle writes a grad op whose inputs partly need no gradient."""
    program, feed, out_names = build_single_op_program("rnn_grad", inputs, _ATTRS, _GRAD_OUTS)
    op = program.global_block().ops[0]
    for slot, names in out_names.items():
        op.outputs[slot] = ["@EMPTY@" if n in absent else n for n in names]
    wanted = [n for names in out_names.values() for n in names if n not in absent]
    result = Executor(CPUPlace(), DualDispatchRunner(path)).run(program, Scope(), feed,
                                                                 fetch_list=wanted)
    return {n: t.numpy() for n, t in zip(wanted, result)}


def test_absent_gradients_are_skipped_in_place_on_the_legacy_path() -> None:
    inputs = _grad_inputs(np.random.default_rng(3))
    full, _ = run_single_op("rnn_grad", inputs, _ATTRS, _GRAD_OUTS, "legacy")
    absent = {"PreState@GRAD@out0", "PreState@GRAD@out1", "WeightList@GRAD@out1",
              "WeightList@GRAD@out6"}
    some = _run_with_absent(inputs, "legacy", absent)
    for slot, arrays in full.items():
        for i, array in enumerate(arrays):
            name = f"{slot}@out{i}"
            if name not in absent:
                np.testing.assert_array_equal(some[name], array, err_msg=name)


def test_a_partial_gradient_list_keeps_its_positions_on_the_phi_path() -> None:
    """An @EMPTY@ entry of a Tensor[] output reaches the PHI kernel as None in its place."""
    inputs = _grad_inputs(np.random.default_rng(4))
    full, _ = run_single_op("rnn_grad", inputs, _ATTRS, _GRAD_OUTS, "phi")
    absent = {"WeightList@GRAD@out1", "WeightList@GRAD@out6"}
    some = _run_with_absent(inputs, "phi", absent)
    for i, array in enumerate(full["WeightList@GRAD"]):
        name = f"WeightList@GRAD@out{i}"
        if name not in absent:
            np.testing.assert_array_equal(some[name], array, err_msg=name)
    both_absent = _run_with_absent(inputs, "phi", {"PreState@GRAD@out0",
                                                   "PreState@GRAD@out1"})
    full, _ = run_single_op("rnn_grad", inputs, _ATTRS, _GRAD_OUTS, "phi")
    np.testing.assert_array_equal(both_absent["Input@GRAD@out0"], full["Input@GRAD"][0])
