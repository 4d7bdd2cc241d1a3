"""Kernel observers: every pipeline (planned, per-run, legacy, phi.api) reports each kernel
call with its facts through one hook; the call reruns the kernel alone; nothing is
reported once the observer is detached; no module replaces a class's methods."""

from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pytest

from compat.predictor import load_model, run_model
from phi.api.call import call as api_call
from phi.common import Place
from phi.core.kernel_observers import KERNEL_OBSERVERS, KernelCall, observing
from tests.conformance.paddle_reference import FIXTURES_ROOT, load_npz

ROOT = Path(__file__).resolve().parents[2]
MLP = FIXTURES_ROOT / "models" / "mlp"


class Recorder:
    def __init__(self) -> None:
        self.calls: list[tuple[KernelCall, float]] = []

    def kernel_called(self, call: KernelCall, seconds: float) -> None:
        self.calls.append((call, seconds))


@pytest.mark.parametrize(("path", "planned"), [("auto", True), ("phi", False),
                                               ("legacy", False), ("legacy", True)])
def test_every_kernel_call_of_a_run_is_reported_with_the_facts_of_its_trace(
        path: str, planned: bool) -> None:
    model = load_model(str(MLP / "model"))
    feeds = load_npz(MLP / "inputs_b4.npz")
    run_model(model, feeds, path=path, planned=planned)  # a plan is made on the first run
    with observing(Recorder()) as recorder:
        result = run_model(model, feeds, path=path, planned=planned)
    assert not KERNEL_OBSERVERS
    seen = [(c.op_type, c.kernel, c.key, c.path) for c, _ in recorder.calls]
    kernels = [(t.type, t.kernel, t.key, str(t.path)) for t in result.trace
               if str(t.path) != "framework"]
    assert seen == kernels and seen
    assert all(c.place == Place() and s >= 0 for c, s in recorder.calls)
    run_model(model, feeds, path=path, planned=planned)
    assert len(recorder.calls) == len(seen)  # detached: nothing more


def test_a_reported_call_reruns_the_kernel_alone() -> None:
    x = np.array([[-1.0, 2.0], [3.0, -4.0]], np.float32)
    with observing(Recorder()) as recorder:
        (out,) = api_call("relu", x=x)
    (call, _), = recorder.calls
    assert (call.op_type, call.kernel, call.path) == ("relu", "relu", "api")
    out.data[...] = 7
    call.call()
    np.testing.assert_array_equal(out.numpy(), np.maximum(x, 0))


def test_no_module_replaces_a_class_attribute() -> None:
    """Observers attach through the hook: nothing assigns to `SomeClass.attr`."""
    offenders = []
    for package in ("phi", "legacy_fluid", "compat", "migrate", "fluidphi"):
        for path in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                targets = (node.targets if isinstance(node, ast.Assign)
                           else [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign))
                           else [])
                offenders += [f"{path.relative_to(ROOT)}:{node.lineno} {ast.unparse(t)}"
                              for t in targets if isinstance(t, ast.Attribute)
                              and isinstance(t.value, ast.Name) and t.value.id[:1].isupper()]
    assert not offenders, "\n".join(offenders)
