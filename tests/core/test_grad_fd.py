"""Every backward op of phi/backward.yaml against central finite differences, in float64.

For a backward op B of forward op F: run F (through `phi.api.call`) on the case's inputs,
take a random cotangent for each output B receives a gradient of, run B, and compare each
input gradient B writes with d(sum(out * cotangent)) / d input by central differences.
A backward op without a case here fails the coverage test: every grad has an FD test.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from phi.api.call import call
from phi.op_defs import OpDef, backward_defs, op_defs

Spec = tuple[int, ...] | Callable[[np.random.Generator], np.ndarray]


def away_from_zero(shape: tuple[int, ...]) -> Callable[[np.random.Generator], np.ndarray]:
    """Values at least 0.1 from 0 (no kink inside the finite-difference step)."""
    def make(rng: np.random.Generator) -> np.ndarray:
        x = rng.standard_normal(shape)
        return x + np.sign(x) * 0.1
    return make


def int_labels(shape: tuple[int, ...], classes: int) -> Callable[[np.random.Generator], Any]:
    return lambda rng: rng.integers(0, classes, size=shape).astype(np.int64)


def probabilities(shape: tuple[int, ...]) -> Callable[[np.random.Generator], np.ndarray]:
    def make(rng: np.random.Generator) -> np.ndarray:
        p = rng.random(shape) + 0.1
        return p / p.sum(axis=-1, keepdims=True)
    return make


#: backward op -> cases: (forward inputs, attributes shared by forward and backward)
GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = {
    "relu_grad": [({"x": away_from_zero((3, 4))}, {})],
    "add_grad": [({"x": (2, 3, 4), "y": (4,)}, {}), ({"x": (3, 1), "y": (2, 1, 4)}, {})],
    "matmul_grad": [
        ({"x": (2, 3, 4), "y": (4, 5)}, {}),
        ({"x": (4, 3), "y": (5, 4)}, {"transpose_x": True, "transpose_y": True}),
        ({"x": (4,), "y": (2, 4, 3)}, {}),
    ],
    "mean_grad": [({"x": (3, 4, 2)}, {"axis": [1]}),
                  ({"x": (3, 4)}, {"axis": [0, 1], "keepdim": True})],
    "cross_entropy_with_softmax_grad": [
        ({"input": (5, 4), "label": int_labels((5, 1), 4)}, {}),
        ({"input": (5, 4), "label": int_labels((5, 1), 4)}, {"ignore_index": 2}),
        ({"input": (3, 4, 2), "label": int_labels((3, 1, 2), 4)}, {"axis": 1}),
        ({"input": (5, 4), "label": probabilities((5, 4))}, {"soft_label": True}),
    ],
}
STEP = 1e-6


def _forward(name: str) -> OpDef:
    return next(op for op in op_defs() if op.name == name)


def _cases() -> list[tuple[str, int]]:
    return [(b.name, i) for b in backward_defs() for i in range(len(GRAD_CASES.get(b.name, [])))]


def test_every_backward_op_has_a_finite_difference_case() -> None:
    missing = [b.name for b in backward_defs() if not GRAD_CASES.get(b.name)]
    assert not missing, f"backward ops without a finite-difference case: {missing}"


@pytest.mark.parametrize(("name", "index"), _cases(), ids=[f"{n}-{i}" for n, i in _cases()])
def test_grad_matches_finite_differences(name: str, index: int) -> None:
    back = next(b for b in backward_defs() if b.name == name)
    forward = _forward(back.forward.op)  # type: ignore[union-attr]
    specs, attrs = GRAD_CASES[name][index]
    rng = np.random.default_rng(index)
    inputs = {k: (s(rng) if callable(s) else rng.standard_normal(s)) for k, s in specs.items()}
    fwd_attrs = {a.name: attrs[a.name] for a in forward.attrs if a.name in attrs}

    def run_forward(values: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
        outs = call(forward.kernel.func[0], **values, **fwd_attrs)
        return {o.name: t.numpy() for o, t in zip(forward.outputs, outs) if t is not None}

    outputs = run_forward(inputs)
    grads_in = {a.name[: -len("_grad")] for a in back.inputs if a.name.endswith("_grad")}
    cotangents = {o: rng.standard_normal(outputs[o].shape) for o in grads_in}
    args: dict[str, Any] = {}
    for arg in back.args:
        if arg.name in inputs:
            args[arg.name] = inputs[arg.name]
        elif arg.name in outputs:
            args[arg.name] = outputs[arg.name]
        elif arg.name.endswith("_grad") and arg.name[:-5] in cotangents:
            args[arg.name] = cotangents[arg.name[:-5]]
        elif arg.name in attrs:
            args[arg.name] = attrs[arg.name]
        elif (fwd := next((a for a in forward.attrs if a.name == arg.name), None)) is not None:
            args[arg.name] = fwd.default  # the forward's value: its default here
    results = call(name, **args)

    def objective(values: dict[str, np.ndarray]) -> float:
        outs = run_forward(values)
        return float(sum(np.sum(outs[o] * c) for o, c in cotangents.items()))

    checked = 0
    for out_def, got in zip(back.outputs, results):
        target = out_def.name[: -len("_grad")]
        if got is None or target not in inputs or inputs[target].dtype.kind != "f":
            continue
        numeric = np.zeros_like(inputs[target])
        for i in np.ndindex(inputs[target].shape):
            plus, minus = dict(inputs), dict(inputs)
            plus[target], minus[target] = inputs[target].copy(), inputs[target].copy()
            plus[target][i] += STEP
            minus[target][i] -= STEP
            numeric[i] = (objective(plus) - objective(minus)) / (2 * STEP)
        np.testing.assert_allclose(got.numpy(), numeric, rtol=1e-5, atol=1e-6,
                                   err_msg=f"{name} {out_def.name}")
        checked += 1
    assert checked, f"{name}: no input gradient was checked"
