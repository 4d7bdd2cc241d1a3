"""`compat.static.Executor`: Paddle-made startup and training programs run through
`Executor(place).run(program, feed=..., fetch_list=..., scope=...)` and match Paddle's
per-step losses; persistables live in the scope across runs, intermediates do not."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import compat.static as compat_static
from compat.static import Executor, ExecutorInputError, feed_names
from compat.training import load_initial_state, rnn_flat_buffers
from legacy_fluid.framework.program_desc import OpDesc, ProgramDesc
from legacy_fluid.framework.program_queries import fetch_target_names, persistable_var_names
from legacy_fluid.framework.scope import Scope
from legacy_fluid.io import load_combined_params, load_program
from legacy_fluid.io.state_pickle import load_state
from legacy_fluid.io.validate import EMPTY_VAR_NAME
from tests.training.train_feeds import step_feeds

TRAIN = Path(__file__).resolve().parent.parent / "fixtures" / "train"
PROGRAMS = sorted(p.name for p in TRAIN.iterdir() if (p / "startup.pdmodel").is_file())


def _close(got: np.ndarray, ref: np.ndarray, what: str) -> None:
    bound = 1e-5 * max(1.0, float(np.abs(ref).max()))
    err = float(np.abs(got.reshape(ref.shape).astype(np.float64) - ref).max())
    assert err <= bound, f"{what}: max abs error {err:.3e} > {bound:.3e}"


def _paddle_state(folder: Path) -> dict[str, np.ndarray]:
    state = load_state(folder / "state.pdparams")
    if (folder / "state.pdopt").is_file():
        state.update(load_state(folder / "state.pdopt"))
    return state


def _load_paddle_state(main: ProgramDesc, scope: Scope, folder: Path) -> None:
    for suffix in (".pdparams", ".pdopt"):
        if (folder / f"state{suffix}").is_file():
            load_initial_state(main, scope, folder / f"state{suffix}")


def test_the_fixtures_have_startup_programs() -> None:
    assert PROGRAMS, "export_train.py writes startup.pdmodel beside every training program"


def _made_by(startup: ProgramDesc) -> dict[str, OpDesc]:
    """Persistable -> the last op that gives it its value: an RNN layer's weights are drawn
    by their initializers (coalesce_tensor copies them back unchanged), its flat buffer
    (first filled by its own initializer) is coalesce_tensor's FusedOutput."""
    made_by: dict[str, OpDesc] = {}
    for op in startup.global_block().ops:
        names = op.output("FusedOutput") if op.type == "coalesce_tensor" else op.output_arg_names()
        made_by[names[0]] = op
    return made_by


def _seeded_matches_paddle(op, got: np.ndarray, ref: np.ndarray, name: str) -> bool:
    """A seeded uniform_random / gaussian_random draws Paddle's values (docs/random.md:
    uniform bit for bit, gaussian to libm's last ulp): checked here; False if unseeded."""
    if not op.attrs.get("seed"):
        return False
    if op.type == "uniform_random":
        np.testing.assert_array_equal(got, ref, err_msg=name)
    else:
        np.testing.assert_allclose(got, ref, rtol=0, atol=1e-5 * max(1.0, np.abs(ref).max()),
                                   err_msg=name)
    return True


@pytest.mark.parametrize("name", PROGRAMS)
def test_startup_program_fills_every_persistable(name: str) -> None:
    folder = TRAIN / name
    meta = json.loads((folder / "meta.json").read_text())
    startup = load_program(folder / "startup.pdmodel")
    paddle_state = _paddle_state(folder)
    scope = Scope()
    assert Executor().run(startup, scope=scope) == []
    made_by = _made_by(startup)
    fused = 0
    for pname in meta["persistables"]:
        got = scope.find_var(pname).get_tensor().numpy()
        ref = paddle_state[pname]
        assert got.shape == ref.shape and got.dtype == ref.dtype, pname
        op = made_by[pname]
        if op.type == "coalesce_tensor":  # the RNN layer's weights, joined as drawn
            weights = [scope.find_var(n).get_tensor().numpy() for n in op.input("Input")]
            assert op.input("Input") == meta["fused"][pname]
            np.testing.assert_array_equal(got, np.concatenate([w.ravel() for w in weights]))
            fused += 1
            continue
        if op.type == "fill_constant":  # deterministic: exactly Paddle's
            np.testing.assert_array_equal(got, ref, err_msg=pname)
            continue
        if _seeded_matches_paddle(op, got, ref, pname):
            continue
        # unseeded: NumPy's generator, Paddle's distribution, never Paddle's bits
        assert np.unique(got).size > 1 and not np.array_equal(got, ref), pname
        if op.type == "uniform_random":
            assert got.min() >= op.attrs["min"] and got.max() < op.attrs["max"], pname
        else:
            assert op.type == "gaussian_random", op.type
            mean, std = op.attrs["mean"], op.attrs["std"]
            # the sample mean within 5 standard errors (fails by chance about once in 1e6)
            assert abs(got.mean() - mean) <= 5 * std / np.sqrt(got.size), pname
    assert fused == len(meta.get("fused", {}))
    again = Scope()
    Executor().run(startup, scope=again)  # a seeded op draws the same values every time
    for pname in meta["persistables"]:
        np.testing.assert_array_equal(again.find_var(pname).get_tensor().numpy(),
                                      scope.find_var(pname).get_tensor().numpy())


@pytest.mark.parametrize("path", ["auto", "phi", "legacy"])
@pytest.mark.parametrize("name", PROGRAMS)
def test_startup_then_steps_match_paddle(name: str, path: str) -> None:
    folder = TRAIN / name
    meta = json.loads((folder / "meta.json").read_text())
    exe = Executor(path=path)
    scope = Scope()
    exe.run(folder / "startup.pdmodel", scope=scope)
    main = exe.program(folder / "state.pdmodel")
    assert feed_names(main) == meta["feeds"]
    _load_paddle_state(main, scope, folder)  # Paddle's initial values replace NumPy's draws
    loss = meta["fetches"][0]
    with np.load(folder / "steps.npz") as steps, np.load(folder / "expected.npz") as expected:
        for step in range(meta["steps"]):
            feed = step_feeds(meta, steps, step)
            # a path and a variable (anything with a .name) are accepted as Paddle does
            by_name, by_var = exe.run(folder / "state.pdmodel", feed=feed, scope=scope,
                                      fetch_list=[loss, main.global_block().find_var(loss)])
            assert isinstance(by_name, np.ndarray)
            np.testing.assert_array_equal(by_name, by_var)
            _close(by_name, expected[f"{step}/{loss}"], f"{name} [{path}] step {step}")
        # an RNN layer's flat buffer aliases its weights in Paddle: compare them joined
        buffers = rnn_flat_buffers(main)
        assert buffers == meta.get("fused", {})
        for pname in meta["persistables"]:
            got = (np.concatenate([scope.find_var(w).get_tensor().numpy().ravel()
                                   for w in buffers[pname]]) if pname in buffers
                   else scope.find_var(pname).get_tensor().numpy())
            _close(got, expected[f"param:{pname}"], f"{name} [{path}] final {pname}")
    intermediates = [n for op in main.global_block().ops for n in op.output_arg_names()
                     if n != EMPTY_VAR_NAME and not main.global_block().find_var(n).persistable]
    assert intermediates and all(scope.find_var(n) is None for n in intermediates)


@pytest.mark.parametrize("path", ["auto", "legacy"])
def test_state_put_into_the_scope_between_runs_is_used(path: str) -> None:
    folder = TRAIN / "mlp_sgd"
    meta = json.loads((folder / "meta.json").read_text())
    main = load_program(folder / "state.pdmodel")
    exe, scope = Executor(path=path), Scope()
    loss = meta["fetches"][0]
    with np.load(folder / "steps.npz") as steps, np.load(folder / "expected.npz") as expected:
        feed = {f: steps[f"0/{f}"] for f in meta["feeds"]}
        for _ in range(2):  # the second time from Paddle's initial state, loaded anew
            _load_paddle_state(main, scope, folder)
            (got,) = exe.run(main, feed=feed, fetch_list=[loss], scope=scope)
            _close(got, expected[f"0/{loss}"], "step 0 after reloading the state")


def test_mistakes_are_named() -> None:
    folder = TRAIN / "mlp_sgd"
    main = load_program(folder / "state.pdmodel")
    exe, scope = Executor(), Scope()
    _load_paddle_state(main, scope, folder)
    x = np.zeros((2, 8), np.float32)
    y = np.zeros((2, 1), np.int64)
    with pytest.raises(ExecutorInputError, match="no default main program"):
        exe.run(feed={"x": x})
    with pytest.raises(ExecutorInputError, match="feed 'y' was not given"):
        exe.run(main, feed={"x": x}, scope=scope)
    with pytest.raises(ExecutorInputError, match=r"unknown feed 'z' \(the program is fed x, y\)"):
        exe.run(main, feed={"x": x, "y": y, "z": x}, scope=scope)
    with pytest.raises(ExecutorInputError, match="fetch 'nope' is not a variable"):
        exe.run(main, feed={"x": x, "y": y}, fetch_list=["nope"], scope=scope)
    with pytest.raises(ExecutorInputError, match="neither a variable name nor a variable"):
        exe.run(main, feed={"x": x, "y": y}, fetch_list=[3], scope=scope)
    with pytest.raises(ExecutorInputError, match="ProgramDesc or the path"):
        exe.run(42, scope=scope)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", PROGRAMS)
def test_paddle_save_state_dict_loads_as_static_save_does(name: str) -> None:
    """paddle.save(main.state_dict()) holds every persistable in one .pdparams file."""
    folder = TRAIN / name
    main = load_program(folder / "state.pdmodel")
    scope = Scope()
    loaded = load_initial_state(main, scope, folder / "paddle_save.pdparams")
    paddle_state = _paddle_state(folder)
    assert loaded == sorted(paddle_state)
    for pname, ref in paddle_state.items():
        got = scope.find_var(pname).get_tensor().numpy()
        assert got.dtype == ref.dtype
        np.testing.assert_array_equal(got, ref, err_msg=pname)


def test_a_program_with_feed_and_fetch_ops_fetches_its_targets() -> None:
    folder = TRAIN.parent / "models" / "mlp"
    program = load_program(folder / "model.pdmodel")
    scope = Scope()
    for name, tensor in load_combined_params(folder / "model.pdiparams",
                                             persistable_var_names(program),
                                             program.global_block().vars).items():
        scope.var(name).value = tensor
    exe = Executor()
    with np.load(folder / "inputs_b4.npz") as inputs, \
            np.load(folder / "outputs_b4.npz") as outputs:
        feed = {k: inputs[k] for k in inputs.files}
        target = fetch_target_names(program)
        (whole,) = exe.run(program, feed=feed, scope=scope)
        (named,) = exe.run(program, feed=feed, fetch_list=target, scope=scope)
        np.testing.assert_allclose(whole, outputs[target[0]], rtol=1e-5, atol=1e-6)
        np.testing.assert_array_equal(whole, named)
        other = program.global_block().ops[1].output_arg_names()[0]
        with pytest.raises(ExecutorInputError, match=r"fetch ops fetch softmax_0\.tmp_0"):
            exe.run(program, feed=feed, fetch_list=[other], scope=scope)


@pytest.mark.parametrize("path", ["auto", "phi", "legacy"])
def test_default_initializers_draw_paddles_distributions(path: str) -> None:
    """Paddle's default initializers (export_train.py: Linear, Conv2D, Embedding,
    BatchNorm2D, LayerNorm): Paddle's shapes, dtypes and constants; random draws from
    Paddle's distribution with NumPy's generator, never Paddle's bits."""
    startup = load_program(TRAIN / "initializers.pdmodel")
    scope = Scope()
    Executor(path=path).run(startup, scope=scope)
    kinds = set()
    with np.load(TRAIN / "initializers.npz") as paddle_values:
        for op in startup.global_block().ops:
            (name,) = op.output_arg_names()
            got, ref = scope.find_var(name).get_tensor().numpy(), paddle_values[name]
            assert got.shape == ref.shape and got.dtype == ref.dtype, name
            kinds.add(op.type)
            if op.type == "fill_constant":
                np.testing.assert_array_equal(got, ref, err_msg=name)
                continue
            if _seeded_matches_paddle(op, got, ref, name):
                continue
            assert not np.array_equal(got, ref), name
            if op.type == "uniform_random":
                assert op.attrs["min"] <= got.min() and got.max() < op.attrs["max"], name
                assert got.max() - got.min() > 0.9 * (op.attrs["max"] - op.attrs["min"]), name
            else:
                assert op.type == "gaussian_random", op.type
                mean, std = op.attrs["mean"], op.attrs["std"]
                assert abs(got.mean() - mean) < 4 * std / np.sqrt(got.size), name
                assert abs(got.std() - std) < 0.1 * std, name
    assert kinds == {"fill_constant", "uniform_random", "gaussian_random"}


def test_unseeded_initializers_follow_compat_static_seed() -> None:
    startup = load_program(TRAIN / "initializers.pdmodel")
    for op in startup.global_block().ops:
        if "seed" in op.attrs:
            op.attrs["seed"] = 0  # draw from the process-wide generator
    name = next(op.output_arg_names()[0] for op in startup.global_block().ops
                if op.type == "gaussian_random")

    def draw(seed: int) -> np.ndarray:
        compat_static.seed(seed)
        scope = Scope()
        Executor().run(startup, scope=scope)
        return scope.find_var(name).get_tensor().numpy()

    first = draw(5)
    np.testing.assert_array_equal(first, draw(5))
    assert not np.array_equal(first, draw(6))
