"""Plans compiled to code (compat.plan_codegen) run exactly as the interpreted plans do:
the same bits on every fixture model and training program, every kernel call seen by
observers, and a failing op named as before."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import compat.plan as plan_mod
from compat.plan import KernelStep, PlannedExecutor
from compat.predictor import load_model, run_model
from compat.training import open_session
from legacy_fluid.framework.executor import OpRunError
from phi.common import Place
from phi.core.kernel_observers import KernelCall, observing
from tests.conformance.paddle_reference import (
    FIXTURES_ROOT,
    assert_outputs_match,
    fixture_feeds,
    fixture_models,
    load_npz,
    perturbed_feeds,
)
from tests.training.train_feeds import step_feeds

MODELS = [("models", m) for m in fixture_models("models")] + [
    ("models_v2", m) for m in fixture_models("models_v2")]
TRAIN = FIXTURES_ROOT / "train"
PROGRAMS = sorted(p.name for p in TRAIN.iterdir() if (p / "meta.json").is_file())


def _same_bits(got: dict[str, np.ndarray], ref: dict[str, np.ndarray], what: str) -> None:
    assert set(got) == set(ref), what
    for fetch, r in ref.items():
        g = got[fetch]
        assert (g.dtype, g.shape) == (r.dtype, r.shape), f"{what}: {fetch}"
        assert g.tobytes() == r.tobytes(), f"{what}: {fetch} differs compiled vs interpreted"


@pytest.mark.parametrize(("folder", "name"), MODELS)
def test_compiled_plan_equals_interpreted_bit_for_bit(folder: str, name: str) -> None:
    model_dir = FIXTURES_ROOT / folder / name
    model = load_model(str(model_dir / "model"))
    b1 = fixture_feeds(model_dir, "b1")
    runs = [b1, b1, perturbed_feeds(b1, 1), b1]  # the first run plans, later ones reuse the plan
    compiled = PlannedExecutor(Place(), "auto", compiled=True)
    interpreted = PlannedExecutor(Place(), "auto", compiled=False)
    for i, feeds in enumerate(runs):
        got = run_model(model, feeds, executor=compiled)
        ref = run_model(model, feeds, executor=interpreted)
        _same_bits(got.outputs, ref.outputs, f"{name} run {i}")
        if feeds is b1:
            assert_outputs_match(got.outputs, load_npz(model_dir / "outputs_b1.npz"),
                                 f"{name} run {i}")
    assert compiled.last_plan is not None and compiled.last_plan.compiled is not None
    assert interpreted.last_plan is not None and interpreted.last_plan.compiled is None


@pytest.mark.parametrize("name", PROGRAMS)
def test_compiled_training_equals_interpreted_bit_for_bit(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = TRAIN / name
    meta = json.loads((folder / "meta.json").read_text())
    state = [folder / "state.pdparams", *(
        [folder / "state.pdopt"] if (folder / "state.pdopt").is_file() else [])]
    results = []
    for compiled in (True, False):
        monkeypatch.setattr(plan_mod, "COMPILE_PLANS", compiled)
        session = open_session(folder / "state.pdmodel", state, path="auto")
        outs = []
        with np.load(folder / "steps.npz") as steps:
            for step in range(meta["steps"]):
                outs.append(session.step(step_feeds(meta, steps, step), meta["fetches"]))
        results.append((outs, session.persistables()))
    (c_steps, c_final), (i_steps, i_final) = results
    for step, (c, i) in enumerate(zip(c_steps, i_steps)):
        _same_bits(c, i, f"{name} step {step}")
    _same_bits(c_final, i_final, f"{name} final state")


def _mlp_executor() -> tuple[object, dict[str, np.ndarray], PlannedExecutor]:
    model_dir = FIXTURES_ROOT / "models" / "mlp"
    model = load_model(str(model_dir / "model"))
    feeds = load_npz(model_dir / "inputs_b1.npz")
    executor = PlannedExecutor(Place(), "auto", compiled=True, name="mlp")
    run_model(model, feeds, executor=executor)  # plans
    return model, feeds, executor


class _Count:
    def __init__(self) -> None:
        self.ops: list[str] = []

    def kernel_called(self, call: KernelCall, seconds: float) -> None:
        self.ops.append(call.op_type)


def test_observers_see_every_kernel_call_of_compiled_code() -> None:
    model, feeds, executor = _mlp_executor()
    plan = executor.last_plan
    assert plan is not None
    kernel_ops = [s.op.type for s in plan.steps if isinstance(s, KernelStep)]
    with observing(_Count()) as seen:
        watched = run_model(model, feeds, executor=executor)
    assert seen.ops == kernel_ops
    assert plan.compiled is not None
    with observing(_Count()) as seen_again:  # the compiled code, observed on every run
        run_model(model, feeds, executor=executor)
    assert seen_again.ops == kernel_ops
    plain = run_model(model, feeds, executor=executor)  # nothing attached: the fast code
    _same_bits(plain.outputs, watched.outputs, "mlp observed vs fast")


def test_failing_op_in_compiled_code_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    model, feeds, executor = _mlp_executor()
    run_model(model, feeds, executor=executor)  # compiles
    plan = executor.last_plan
    assert plan is not None and plan.compiled is not None
    softmax = next(s for s in plan.steps if isinstance(s, KernelStep)
                   and s.op.type == "softmax")

    def broken() -> None:
        raise ValueError("kernel broke")

    # the compiled code holds the bound compute: recompile with a broken one
    monkeypatch.setattr(softmax, "bound", type(softmax.bound)(softmax.bound.infer, broken))
    plan.compiled = None
    with pytest.raises(OpRunError, match=rf"op #{softmax.index} 'softmax'.*kernel broke") \
            as info:
        run_model(model, feeds, executor=executor)
    assert info.value.index == softmax.index
    frames = [f.f_code.co_filename for f, _ in _walk(info.value.__cause__.__traceback__)]
    assert "<fluidphi plan mlp>" in frames


def _walk(tb):  # type: ignore[no-untyped-def]
    while tb is not None:
        yield tb.tb_frame, tb.tb_lineno
        tb = tb.tb_next


def test_generated_source_calls_kernels_directly() -> None:
    model, feeds, executor = _mlp_executor()
    run_model(model, feeds, executor=executor)
    plan = executor.last_plan
    assert plan is not None and plan.compiled is not None
    fast, source = plan.compiled.source, plan.compiled.observed_source
    n = sum(isinstance(s, KernelStep) for s in plan.steps)
    kernels = [s.bound.compute.func.__name__ for s in plan.steps if isinstance(s, KernelStep)]
    calls = [line.strip() for line in fast.splitlines()
             if line.strip().startswith(tuple(f"{k}_" for k in kernels))]
    assert len(calls) == n and "run_bound" not in fast and "for " not in fast
    assert any(c.startswith("softmax_kernel_") and ", -1, " in c for c in calls), calls
    assert "# #9 softmax: softmax" in fast and source.count("run_bound(") == n
    assert Path(plan.compiled.filename).name == "<fluidphi plan mlp>"
