"""Plans with lowered steps (compat.plan_lowering) give what plans calling every kernel give,
bit for bit, on every fixture model; they lower only where they may (no dynamic step, no
control flow, no observers), notice moved buffers, and `run --plan` shows the lowered code."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

import compat.plan as plan_mod
from compat.plan import KernelStep, PlannedExecutor
from compat.predictor import load_model, run_model
from fluidphi.cli import app
from phi.common import Place
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
#: models whose every kernel step but a few lowers (the small models the speed work is for)
MOSTLY_LOWERED = {"mlp": 6, "lenet": 10, "transformer": 52}


def _same_bits(got: dict[str, np.ndarray], ref: dict[str, np.ndarray], what: str) -> None:
    assert set(got) == set(ref), what
    for fetch, r in ref.items():
        g = got[fetch]
        assert (g.dtype, g.shape) == (r.dtype, r.shape), f"{what}: {fetch}"
        assert g.tobytes() == r.tobytes(), f"{what}: {fetch} differs lowered vs not"


def _lowered_steps(executor: PlannedExecutor) -> int:
    plan = executor.last_plan
    assert plan is not None
    code = plan.code()
    return code.source.count(") lowered\n") if code.lowered else 0


@pytest.mark.parametrize(("folder", "name"), MODELS)
def test_lowered_plan_equals_plan_without_lowering_bit_for_bit(folder: str, name: str) -> None:
    model_dir = FIXTURES_ROOT / folder / name
    b1 = fixture_feeds(model_dir, "b1")
    runs = [b1, b1, b1, perturbed_feeds(b1, 1), b1]  # plans, compiles, then lowered runs
    if (model_dir / "inputs_b4.npz").is_file():
        b4 = fixture_feeds(model_dir, "b4")
        runs += [b4, b4, perturbed_feeds(b4, 2)]
    lowered = PlannedExecutor(Place(), "auto", lower=True)
    plain = PlannedExecutor(Place(), "auto", lower=False)
    model_l, model_p = load_model(str(model_dir / "model")), load_model(str(model_dir / "model"))
    for i, feeds in enumerate(runs):
        got = run_model(model_l, feeds, executor=lowered)
        ref = run_model(model_p, feeds, executor=plain)
        _same_bits(got.outputs, ref.outputs, f"{name} run {i}")
    assert _lowered_steps(plain) == 0
    if name in MOSTLY_LOWERED:
        assert _lowered_steps(lowered) == MOSTLY_LOWERED[name]


def _mlp(lower: bool = True) -> tuple[Any, dict[str, np.ndarray], PlannedExecutor]:
    model_dir = FIXTURES_ROOT / "models" / "mlp"
    model = load_model(str(model_dir / "model"))
    feeds = load_npz(model_dir / "inputs_b1.npz")
    executor = PlannedExecutor(Place(), "auto", lower=lower, name="mlp")
    run_model(model, feeds, executor=executor)  # plans
    run_model(model, feeds, executor=executor)  # compiles
    return model, feeds, executor


class _Count:
    def __init__(self) -> None:
        self.ops: list[str] = []

    def kernel_called(self, call: KernelCall, seconds: float) -> None:
        self.ops.append(call.op_type)


def test_observers_see_every_kernel_call_of_a_lowered_plan() -> None:
    model, feeds, executor = _mlp()
    plan = executor.last_plan
    assert plan is not None and plan.compiled is not None and plan.compiled.lowered
    kernel_ops = [s.op.type for s in plan.steps if isinstance(s, KernelStep)]
    with observing(_Count()) as seen:
        watched = run_model(model, feeds, executor=executor)
    assert seen.ops == kernel_ops  # the observed code runs every kernel, none lowered
    assert "lowered" not in plan.compiled.observed_source
    fast = run_model(model, feeds, executor=executor)
    _same_bits(fast.outputs, watched.outputs, "mlp observed vs lowered")
    assert plan.slow_runs == 0


def test_a_plan_with_a_dynamic_step_does_not_lower() -> None:
    model, feeds, executor = _mlp()
    plan = executor.last_plan
    assert plan is not None and plan.may_lower()
    step = next(s for s in plan.steps if isinstance(s, KernelStep) and s.op.type == "softmax")
    step.bound = dataclasses.replace(step.bound, dynamic=True)
    plan.stale = True
    assert not plan.may_lower()
    out = run_model(model, feeds, executor=executor)
    assert plan.compiled is not None and not plan.compiled.lowered
    assert "lowered" not in plan.compiled.source
    _, _, reference = _mlp(lower=False)
    _same_bits(out.outputs, run_model(model, feeds, executor=reference).outputs, "dynamic")


@pytest.mark.parametrize("name", ["while_loop", "select_route"])
def test_a_plan_with_control_flow_does_not_lower(name: str) -> None:
    model_dir = FIXTURES_ROOT / "models" / name
    model = load_model(str(model_dir / "model"))
    feeds = fixture_feeds(model_dir, "b1")
    executor = PlannedExecutor(Place(), "auto", lower=True)
    for _ in range(3):
        run_model(model, feeds, executor=executor)
    plan = executor.last_plan
    assert plan is not None and not plan.may_lower() and not plan.code().lowered


def test_a_parameter_given_a_new_array_is_read_not_the_bound_one() -> None:
    """The bound buffers are checked on every run: a parameter whose tensor got another
    array (new weights) takes the kernels' branch for that run, the code is compiled again
    (binding the new array), and after MAX_LOWERED_COMPILES such runs no longer lowered."""
    model, feeds, executor = _mlp()
    _, _, reference = _mlp(lower=False)
    plan = executor.last_plan
    assert plan is not None
    weight = next(n for n in model.program.global_block().vars
                  if n.endswith(".w_0") and model.scope.find_var(n) is not None)
    rng = np.random.default_rng(0)
    for i in range(plan_mod.MAX_LOWERED_COMPILES + 1):
        tensor = model.scope.find_var(weight).get_tensor()
        tensor.set_array(rng.standard_normal(tensor.dims).astype(np.float32))
        got = run_model(model, feeds, executor=executor)
        ref = run_model(model, feeds, executor=reference)  # the same scope: the new weights
        _same_bits(got.outputs, ref.outputs, f"new weights {i}")
        again = run_model(model, feeds, executor=executor)  # lowered again, rebound
        _same_bits(again.outputs, ref.outputs, f"new weights {i}, next run")
        assert plan.slow_runs == min(i + 1, plan_mod.MAX_LOWERED_COMPILES)
    assert not plan.lower and plan.compiled is not None and not plan.compiled.lowered


def test_run_plan_prints_the_lowered_source() -> None:
    model_dir = Path(FIXTURES_ROOT / "models" / "mlp")
    res = CliRunner().invoke(app, ["run", str(model_dir / "model"), "--input",
                                   str(model_dir / "inputs_b1.npz"), "--plan"],
                             catch_exceptions=False)
    assert res.exit_code == 0, res.output
    assert "fc (phi, (CPU, ALL_LAYOUT, float32)) lowered" in res.output
    assert "np.matmul(" in res.output and "if slow:" in res.output


def test_the_guard_checks_what_a_run_cannot_keep_in_place() -> None:
    """The parameters (in the model's scope: anyone may give them new arrays) are checked on
    every run; the plan's own intermediates that lowered steps write are not."""
    model, _, executor = _mlp()
    plan = executor.last_plan
    assert plan is not None and plan.compiled is not None
    guard = "\n".join(line for line in plan.compiled.source.splitlines()
                      if line.strip().startswith("if not (b"))
    names = model.program.global_block().vars
    params = [n for n in names if names[n].persistable and model.scope.find_var(n) is not None
              and n not in ("feed", "fetch")]
    assert guard.count("._holder") == len(params) == 6


def test_a_buffer_moved_in_an_observed_run_is_bound_again() -> None:
    model, feeds, executor = _mlp()
    _, _, reference = _mlp(lower=False)
    plan = executor.last_plan
    assert plan is not None
    weight = next(n for n in model.program.global_block().vars if n.endswith(".w_0")
                  and model.scope.find_var(n) is not None)
    tensor = model.scope.find_var(weight).get_tensor()
    with observing(_Count()):
        run_model(model, feeds, executor=executor)
    assert not plan.stale  # nothing moved
    tensor.set_array(np.full(tensor.dims, 0.5, np.float32))
    with observing(_Count()):
        watched = run_model(model, feeds, executor=executor)
    assert plan.stale and plan.slow_runs == 0
    fast = run_model(model, feeds, executor=executor)  # compiled again: the new array bound
    assert not plan.stale and plan.slow_runs == 0 and plan.compiled is not None \
        and plan.compiled.lowered
    ref = run_model(model, feeds, executor=reference)
    _same_bits(fast.outputs, ref.outputs, "after an observed run")
    _same_bits(watched.outputs, ref.outputs, "the observed run")
