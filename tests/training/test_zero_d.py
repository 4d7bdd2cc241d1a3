"""0-d tensors keep their dims through loading, every path's steps, the scope, `--output`
and `--save` (issue 21): Paddle 3.3.1 saves a learning rate as a 0-d tensor and computes a
mean loss as one (tests/fixtures/train/*/state.pdopt, expected.npz)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from compat.training import open_session
from legacy_fluid.io.state_pickle import load_state
from tests.cli.malformed import invoke

TRAIN = Path(__file__).resolve().parent.parent / "fixtures" / "train"
SGD = TRAIN / "mlp_sgd"


def _feeds(i: int) -> dict[str, np.ndarray]:
    with np.load(SGD / "steps.npz") as steps:
        return {f: steps[f"{i}/{f}"] for f in ("x", "y")}


def test_paddle_saved_the_learning_rate_0_d() -> None:
    assert load_state(SGD / "state.pdopt")["learning_rate_0"].shape == ()
    loss = json.loads((SGD / "meta.json").read_text())["fetches"][0]
    with np.load(SGD / "expected.npz") as expected:
        assert expected[f"0/{loss}"].shape == ()


@pytest.mark.parametrize("path", ["auto", "phi", "legacy"])
def test_0_d_state_and_fetches_stay_0_d_on_every_path(path: str) -> None:
    session = open_session(SGD / "state.pdmodel", [SGD / "state.pdparams",
                                                   SGD / "state.pdopt"], path=path)
    assert session.scope.find_var("learning_rate_0").value.dims == ()
    loss = json.loads((SGD / "meta.json").read_text())["fetches"][0]
    for i in range(2):
        got = session.step(_feeds(i), [loss])
        assert got[loss].shape == ()
    assert session.scope.find_var("learning_rate_0").value.dims == ()
    assert session.persistables()["learning_rate_0"].shape == ()


def test_output_and_save_write_0_d_tensors_0_d(tmp_path: Path) -> None:
    np.savez(tmp_path / "s.npz", **_feeds(0))
    loss = json.loads((SGD / "meta.json").read_text())["fetches"][0]
    res = invoke("train", SGD / "state.pdmodel", "--params", SGD / "state.pdparams",
                 "--feed", tmp_path / "s.npz", "--feed", tmp_path / "s.npz", "--fetch", loss,
                 "--output", tmp_path / "out.npz", "--save", tmp_path / "saved")
    assert res.exit_code == 0, res.output
    with np.load(tmp_path / "out.npz") as out:
        assert out["param:learning_rate_0"].shape == ()
        assert out[loss].shape == (2,)  # one 0-d loss per step, stacked
    assert load_state(tmp_path / "saved.pdopt")["learning_rate_0"].shape == ()
    # and what --save wrote loads back 0-d for a further run
    res = invoke("train", SGD / "state.pdmodel", "--params", tmp_path / "saved.pdparams",
                 "--feed", tmp_path / "s.npz", "--output", tmp_path / "again.npz")
    assert res.exit_code == 0, res.output
    with np.load(tmp_path / "again.npz") as out:
        assert out["param:learning_rate_0"].shape == ()


def test_as_dense_tensor_keeps_dims_and_makes_c_order() -> None:
    """What the executors, plans and state loading use instead of np.ascontiguousarray
    (which makes a 0-d array [1])."""
    from phi.core.dense_tensor import as_dense_tensor

    assert as_dense_tensor(np.float32(0.5)).dims == ()
    assert as_dense_tensor(np.array(3, np.int64)).dims == ()
    fortran = np.asfortranarray(np.arange(6, dtype=np.float32).reshape(2, 3))
    tensor = as_dense_tensor(fortran)
    assert tensor.dims == (2, 3) and tensor.numpy().flags.c_contiguous
    np.testing.assert_array_equal(tensor.numpy(), fortran)
    assert as_dense_tensor(tensor) is tensor
