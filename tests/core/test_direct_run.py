"""Direct runs (compat.direct_run): a call repeated with host arrays of the planned dims and
dtypes runs the lowered plan's code alone, and gives what the usual path gives, bit for
bit; anything else takes the usual path, with its checks and errors."""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest

import compat.predictor
from compat.plan import PlannedExecutor
from compat.predictor import ModelInputError, load_model, run_model
from legacy_fluid.framework.executor import OpRunError
from phi.common import Place
from phi.core.dense_tensor import DenseTensor
from phi.core.kernel_observers import KernelCall, observing
from tests.conformance.paddle_reference import (
    FIXTURES_ROOT,
    fixture_feeds,
    fixture_models,
    load_npz,
    perturbed_feeds,
)

MODELS = [("models", m) for m in fixture_models("models")] + [
    ("models_v2", m) for m in fixture_models("models_v2")]
#: fixture models whose plans lower (their repeated runs are direct; others may be too)
DIRECT = {"mlp", "lenet", "transformer"}


class _Checks:
    """Counts `check_feeds` calls: a direct run makes none."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls = 0
        real = compat.predictor.check_feeds

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(compat.predictor, "check_feeds", counted)


def _same_bits(got: dict[str, np.ndarray], ref: dict[str, np.ndarray], what: str) -> None:
    assert set(got) == set(ref), what
    for name, r in ref.items():
        g = got[name]
        assert (g.dtype, g.shape) == (r.dtype, r.shape), f"{what}: {name}"
        assert g.tobytes() == r.tobytes(), f"{what}: {name} differs"


@pytest.mark.parametrize(("folder", "name"), MODELS)
def test_direct_runs_equal_the_usual_path_bit_for_bit(folder: str, name: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    model_dir = FIXTURES_ROOT / folder / name
    b1 = fixture_feeds(model_dir, "b1")
    runs = [b1, b1, b1, perturbed_feeds(b1, 1), perturbed_feeds(b1, 2), b1]
    model, reference = load_model(str(model_dir / "model")), load_model(str(model_dir / "model"))
    usual = PlannedExecutor(Place(), "auto", lower=False)  # every kernel called, every check
    checks = _Checks(monkeypatch)
    for i, feeds in enumerate(runs):
        before = {k: v.copy() for k, v in feeds.items() if isinstance(v, np.ndarray)}
        got = run_model(model, feeds)
        _same_bits(got.outputs, run_model(reference, feeds, executor=usual).outputs,
                   f"{name} run {i}")
        for k, v in before.items():  # the fed arrays are read, never written
            assert feeds[k].tobytes() == v.tobytes(), f"{name}: feed {k} written"
    # the first run plans, the second compiles (both checked): then direct; the reference's
    # runs check every time
    if name in DIRECT:
        assert checks.calls - len(runs) == 2, name


def _mlp() -> tuple[Any, dict[str, np.ndarray]]:
    model_dir = FIXTURES_ROOT / "models" / "mlp"
    model = load_model(str(model_dir / "model"))
    feeds = load_npz(model_dir / "inputs_b1.npz")
    for _ in range(2):  # plans, then compiles: the next run is direct
        run_model(model, feeds)
    return model, feeds


def test_other_calls_take_the_usual_path(monkeypatch: pytest.MonkeyPatch) -> None:
    model, feeds = _mlp()
    (name,) = feeds
    x = feeds[name]
    ref = run_model(load_model(model.model_path), feeds).outputs
    checks = _Checks(monkeypatch)
    _same_bits(run_model(model, feeds).outputs, ref, "direct")
    assert checks.calls == 0
    wide = np.repeat(x, 2, axis=1)[:, ::2]  # the same values, not C-contiguous
    tensor = DenseTensor(x.copy())
    for other in ({name: wide}, {name: tensor}):
        _same_bits(run_model(model, other).outputs, ref, "a view / a DenseTensor")
    assert checks.calls == 2
    errors = {"expected dtype float32, got float64": {name: x.astype(np.float64)},
              "expected shape [-1, 16] (-1 = any), got [1, 3]": {name: x[:, :3].copy()},
              f"feed '{name}' was not given": {},
              "unknown feed 'y'": {name: x, "y": x}}
    for message, bad in errors.items():
        with pytest.raises(ModelInputError, match=re.escape(message)):
            run_model(model, bad)
    four = np.concatenate([x] * 4)
    _same_bits(run_model(model, {name: four}).outputs,
               run_model(load_model(model.model_path), {name: four}).outputs, "batch 4")
    checks.calls = 0
    _same_bits(run_model(model, feeds).outputs, ref, "direct again after other calls")
    assert checks.calls == 0
    _same_bits(run_model(model, feeds, path="phi").outputs, ref, "other arguments")
    assert checks.calls == 1


def test_observers_and_new_programs_take_the_usual_path(
        monkeypatch: pytest.MonkeyPatch) -> None:
    model, feeds = _mlp()
    seen: list[str] = []

    class Seen:
        def kernel_called(self, call: KernelCall, seconds: float) -> None:
            seen.append(call.op_type)

    ref = run_model(model, feeds).outputs
    with observing(Seen()):
        _same_bits(run_model(model, feeds).outputs, ref, "observed")
    assert "fc" in seen and "softmax" in seen
    checks = _Checks(monkeypatch)
    model.program = load_model(model.model_path).program  # plans again for it
    _same_bits(run_model(model, feeds).outputs, ref, "new program")
    assert checks.calls == 1


def test_an_evicted_plan_is_not_run_directly() -> None:
    model, feeds = _mlp()
    (name,) = feeds
    executor = next(iter(model.extra["executors"].values()))
    (direct,) = model.extra["direct"].values()
    first = direct.plan
    for batch in range(2, 2 + executor.max_plans):  # new plans push the first one out
        run_model(model, {name: np.concatenate([feeds[name]] * batch)})
    assert first not in executor._plans.values()
    assert not direct.valid(model.program, model.scope)
    ref = run_model(load_model(model.model_path), feeds).outputs
    for _ in range(3):
        _same_bits(run_model(model, feeds).outputs, ref, "after eviction")
    (direct,) = model.extra["direct"].values()
    assert direct.plan is not first and direct.plan in executor._plans.values()


def test_a_direct_run_that_fails_names_the_op() -> None:
    """Weights of other dims: the guard sends the run to the kernels, whose error names the
    op as the usual path's does; the plan then compiles again."""
    model, feeds = _mlp()
    (direct,) = model.extra["direct"].values()
    plan = direct.plan
    weight = next(n for n in model.program.global_block().vars
                  if n.endswith(".w_0") and model.scope.find_var(n) is not None)
    model.scope.find_var(weight).get_tensor().set_array(np.ones((3, 3), np.float32))
    with pytest.raises(OpRunError, match=r"'fc'.*failed: ValueError"):
        run_model(model, feeds)
    assert plan.slow_runs == 1 and plan.stale


def test_outputs_belong_to_the_caller() -> None:
    model, feeds = _mlp()
    runs = [run_model(model, feeds).outputs for _ in range(2)]
    (name,) = runs[0]
    assert not np.shares_memory(runs[0][name], runs[1][name])
    assert runs[0][name].base is None and runs[0][name].flags.writeable
    expected = runs[1][name].copy()
    runs[0][name][...] = -1.0
    _same_bits(run_model(model, feeds).outputs, {name: expected}, "after writing an output")
