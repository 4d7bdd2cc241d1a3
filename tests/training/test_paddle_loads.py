"""Paddle 3.3.1 loads what `fluidphi train --save` writes: tests/conformance/
check_paddle_loads.py ran `fluidphi train --save` on every training fixture and loaded the
files with paddle.static.load and paddle.load (CI has no Paddle; its result is committed).
Here: that result covers every fixture and says every check held, and fluidphi still
splits the state between .pdparams and .pdopt as the files Paddle loaded did."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from compat.training import save_state
from legacy_fluid.io import load_program
from legacy_fluid.io.state_pickle import load_state

TRAIN = Path(__file__).resolve().parent.parent / "fixtures" / "train"
PROGRAMS = sorted(p.name for p in TRAIN.iterdir() if (p / "meta.json").is_file())
RESULT = json.loads((TRAIN / "paddle_loads.json").read_text())


def test_paddle_checked_every_training_fixture() -> None:
    assert RESULT["paddle_version"] == "3.3.1"
    assert sorted(RESULT["programs"]) == PROGRAMS, "rerun check_paddle_loads.py"


@pytest.mark.parametrize("name", PROGRAMS)
def test_paddle_loaded_everything_fluidphi_saved(name: str) -> None:
    meta = json.loads((TRAIN / name / "meta.json").read_text())
    got = RESULT["programs"][name]
    assert got["persistables"] == meta["persistables"]
    assert sorted(got["pdparams"] + got["pdopt"]) == meta["persistables"]
    assert got["static_load_equal"] and got["paddle_load_equal"]
    assert got["next_step_loss_finite"]
    assert got["max_abs_diff_vs_paddle_final"] <= 1e-5
    # every persistable has the dims Paddle gives it (its own saved state, loaded by
    # Paddle) in --output, in --save's files and as paddle.static.load reads them back:
    # Paddle 3.3.1 saves the learning rate 0-d, and it stays 0-d
    assert got["dims_equal_paddles"]
    assert "learning_rate_0" in got["zero_d_as_paddle_saved"]


@pytest.mark.parametrize("name", PROGRAMS)
def test_save_state_splits_as_paddle_loaded_it(name: str, tmp_path: Path) -> None:
    folder = TRAIN / name
    state = load_state(folder / "state.pdparams")
    if (folder / "state.pdopt").is_file():
        state.update(load_state(folder / "state.pdopt"))
    written = save_state(tmp_path / "saved", load_program(folder / "state.pdmodel"), state)
    split = {p.suffix[1:]: sorted(load_state(p)) for p in written}
    got = RESULT["programs"][name]
    assert split == {k: got[k] for k in ("pdparams", "pdopt") if got[k]}
    for path in written:
        for key, value in load_state(path).items():
            assert value.dtype == state[key].dtype and value.shape == state[key].shape, key
            assert (value == state[key]).all(), key
