"""`fluidphi train`'s inputs and state (issue 21): --feed read by run's reader in run's
forms, persistables without a value and unwritable --save paths named before any op runs."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import numpy as np
import pytest

from compat.training import open_session
from legacy_fluid.io.state_pickle import load_state
from tests.cli.malformed import assert_clean_error, invoke

TRAIN = Path(__file__).resolve().parent.parent / "fixtures" / "train"
SGD = TRAIN / "mlp_sgd"
ADAM = TRAIN / "mlp_adam"


def _step(tmp_path: Path, i: int = 0) -> dict[str, np.ndarray]:
    with np.load(SGD / "steps.npz") as steps:
        return {f: steps[f"{i}/{f}"] for f in ("x", "y")}


def _train(model: Path, *args: object):
    return invoke("train", model / "state.pdmodel", *args)


def _losses(out: Path) -> np.ndarray:
    loss = json.loads((SGD / "meta.json").read_text())["fetches"][0]
    with np.load(out) as npz:
        return npz[loss]


def test_every_feed_form_gives_the_same_steps(tmp_path: Path) -> None:
    """FILE.npz, NAME=FILE.npy,... and NAME=FILE.npz (unnamed arr_0 or named) agree."""
    loss = json.loads((SGD / "meta.json").read_text())["fetches"][0]
    forms = []
    for i in range(2):
        step = _step(tmp_path, i)
        np.savez(tmp_path / f"s{i}.npz", **step)
        for name, array in step.items():
            np.save(tmp_path / f"{name}{i}.npy", array)
            np.savez(tmp_path / f"{name}{i}.npz", array)
        forms.append([f"{tmp_path / f's{i}.npz'}",
                      f"x={tmp_path / f'x{i}.npy'},y={tmp_path / f'y{i}.npy'}",
                      f"y={tmp_path / f'y{i}.npz'},x={tmp_path / f'x{i}.npz'}",
                      f"x={tmp_path / f's{i}.npz'},y={tmp_path / f's{i}.npz'}"])
    results = []
    for k in range(4):
        out = tmp_path / f"out{k}.npz"
        res = _train(SGD, "--params", SGD / "state.pdparams", "--feed", forms[0][k],
                     "--feed", forms[1][k], "--fetch", loss, "--output", out)
        assert res.exit_code == 0, res.output
        results.append(_losses(out))
    assert results[0].shape[0] == 2
    for other in results[1:]:
        np.testing.assert_array_equal(other, results[0])
    with np.load(SGD / "expected.npz") as expected:
        ref = np.stack([expected[f"{i}/{loss}"] for i in range(2)])
    np.testing.assert_allclose(results[0].reshape(ref.shape), ref, rtol=1e-5, atol=1e-6)


def test_feed_files_get_every_check_of_runs_reader(tmp_path: Path) -> None:
    params = ("--params", SGD / "state.pdparams")
    step = _step(tmp_path)
    np.save(tmp_path / "x.npy", step["x"])
    res = _train(SGD, *params, "--feed", tmp_path / "x.npy")
    assert_clean_error(res, "the model has 2 feeds (x, y)", "NAME=FILE.npy")
    (tmp_path / "empty.npz").write_bytes(b"")
    res = _train(SGD, *params, "--feed", tmp_path / "empty.npz")
    assert_clean_error(res, "empty.npz' is empty")
    (tmp_path / "text.npz").write_text("x,y\n1,2\n")
    res = _train(SGD, *params, "--feed", tmp_path / "text.npz")
    assert_clean_error(res, "neither NumPy's magic bytes nor a zip header")
    assert "pickle" not in res.stderr and "allow_pickle" not in res.stderr
    np.save(tmp_path / "obj.npy", np.array([{"a": 1}], dtype=object), allow_pickle=True)
    res = _train(SGD, *params, "--feed", f"x={tmp_path / 'obj.npy'},y={tmp_path / 'x.npy'}")
    assert_clean_error(res, "pickled data", "never loads")
    res = _train(SGD, *params, "--feed", f"x={tmp_path / 'x.npy'},x={tmp_path / 'x.npy'}")
    assert_clean_error(res, "feed 'x' is given twice")
    res = _train(SGD, *params, "--feed", f"x={tmp_path / 'x.npy'},")
    assert_clean_error(res, "an empty spec between commas")
    np.savez(tmp_path / "s.npz", **step)
    res = _train(SGD, *params, "--feed", tmp_path / "s.npz", "--feed", f"x={tmp_path / 'x.npy'}")
    assert_clean_error(res, f"--feed x={tmp_path / 'x.npy'}", "feed 'y' was not given")


def test_a_file_name_with_a_comma_is_one_spec(tmp_path: Path) -> None:
    np.savez(tmp_path / "step,0.npz", **_step(tmp_path))
    res = _train(SGD, "--params", SGD / "state.pdparams", "--feed", tmp_path / "step,0.npz")
    assert res.exit_code == 0, res.output


def test_params_npz_is_read_by_the_same_reader(tmp_path: Path) -> None:
    np.savez(tmp_path / "s.npz", **_step(tmp_path))
    state = {**load_state(SGD / "state.pdparams"), **load_state(SGD / "state.pdopt")}
    np.savez(tmp_path / "state.npz", **state)
    assert _train(SGD, "--params", tmp_path / "state.npz", "--feed",
                  tmp_path / "s.npz").exit_code == 0
    np.save(tmp_path / "one.npy", state["linear_0.w_0"])
    (tmp_path / "one.npz").write_bytes((tmp_path / "one.npy").read_bytes())
    res = _train(SGD, "--params", tmp_path / "one.npz", "--feed", tmp_path / "s.npz")
    assert_clean_error(res, "one.npz", "one unnamed array")
    res = _train(SGD, "--params", tmp_path / "state.npz", "--feed", tmp_path / "s.npz",
                 "--max-memory", "1K")
    assert_clean_error(res, "state.npz", "memory limit", "--max-memory 1K")


def test_missing_state_is_named_before_any_op_runs(tmp_path: Path) -> None:
    np.savez(tmp_path / "s.npz", **_step(tmp_path))
    res = _train(SGD, "--feed", tmp_path / "s.npz")
    assert_clean_error(res, "5 persistable variable(s)", "linear_0.w_0", "learning_rate_0",
                       "State files read: none")
    assert "op #" not in res.stderr
    # the state of another optimizer: Adam's moments are missing from SGD's state
    res = _train(ADAM, "--params", SGD / "state.pdparams", "--feed", tmp_path / "s.npz")
    assert_clean_error(res, "16 persistable variable(s)", "linear_0.w_0_moment1_0",
                       str(SGD / "state.pdparams"), str(SGD / "state.pdopt"))
    assert "op #" not in res.stderr
    # Adam's own state, less one accumulator
    state = load_state(ADAM / "state.pdopt")
    del state["linear_1.b_0_beta2_pow_acc_0"]
    (tmp_path / "less.pdopt").write_bytes(pickle.dumps(state))
    (tmp_path / "less.pdparams").write_bytes((ADAM / "state.pdparams").read_bytes())
    res = _train(ADAM, "--params", tmp_path / "less.pdparams", "--feed", tmp_path / "s.npz")
    assert_clean_error(res, "1 persistable variable(s)", "linear_1.b_0_beta2_pow_acc_0")


def test_missing_state_in_the_api_is_checked_before_the_first_step() -> None:
    session = open_session(ADAM / "state.pdmodel", [SGD / "state.pdparams"])
    assert "linear_0.w_0_moment1_0" in session.missing_state()
    assert "linear_0.w_0" not in session.missing_state()
    with np.load(SGD / "steps.npz") as steps:
        feeds = {f: steps[f"0/{f}"] for f in ("x", "y")}
    with pytest.raises(ValueError, match="have no value"):
        session.step(feeds, [])


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs a read-only /proc")
def test_unwritable_save_paths_are_named_before_training(tmp_path: Path) -> None:
    np.savez(tmp_path / "s.npz", **_step(tmp_path))
    args = ("--params", SGD / "state.pdparams", "--feed", tmp_path / "s.npz")
    res = _train(SGD, *args, "--save", "/proc/trained")
    assert_clean_error(res, "--save '/proc/trained.pdparams'", "not writable")
    assert "training" not in res.stdout and ".tmp" not in res.stderr
    (tmp_path / "file").write_text("")
    res = _train(SGD, *args, "--save", tmp_path / "file" / "st")
    assert_clean_error(res, "st.pdparams", "is a file, not a folder")
    (tmp_path / "st.pdopt").mkdir()
    res = _train(SGD, *args, "--save", tmp_path / "st")
    assert_clean_error(res, f"--save '{tmp_path / 'st.pdopt'}'", "it is a folder")
    res = _train(SGD, *args, "--save", f"{tmp_path}/")
    assert_clean_error(res, "expected a path prefix")


def test_reads_inside_sub_blocks_count_and_writes_there_too() -> None:
    """A while body reading persistable `w` needs its value; `acc`, which the body writes
    before reading, does not; a block naming itself or its runner is not entered again."""
    from compat.training import TrainingSession
    from legacy_fluid.framework.program_desc import ProgramDesc
    from legacy_fluid.framework.scope import Scope
    from legacy_fluid.framework.var_type import AttrType

    program = ProgramDesc()
    main = program.global_block()
    for name in ("w", "acc", "lr"):
        main.var(name, shape=[1], persistable=True)
    main.var("x", shape=[1])
    main.var("cond", shape=[1])
    body = program.append_block(main)
    body.append_op("fill_constant", outputs={"Out": ["acc"]})
    body.append_op("elementwise_add", {"X": ["acc"], "Y": ["w"]}, {"Out": ["acc"]})
    loop = body.append_op("while", {"X": ["acc"], "Condition": ["cond"]}, {"Out": ["acc"]})
    loop.set_attr("sub_block", 1, AttrType.BLOCK)  # names itself: not entered again
    main.append_op("less_than", {"X": ["x"], "Y": ["x"]}, {"Out": ["cond"]})
    op = main.append_op("while", {"X": ["x"], "Condition": ["cond"]}, {"Out": ["acc"]})
    op.set_attr("sub_block", 1, AttrType.BLOCK)
    main.append_op("sgd", {"Param": ["acc"], "LearningRate": ["lr"]}, {"ParamOut": ["acc"]})
    session = TrainingSession(program, Scope())
    assert session.missing_state() == ["w", "lr"]
