"""Every backward op of phi/backward.yaml against central finite differences, in float64,
through the generated API and its autograd tape.

For a backward op B of forward op F: call F's generated function on the case's inputs
(float inputs as Tensors that need a gradient), seed each output B takes a gradient of
with a random cotangent, run the tape (which binds and runs B), and compare each input's
.grad with d(sum(out * cotangent)) / d input by central differences. A backward op
without a case here fails the coverage test: every grad has an FD test.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from phi import api
from phi.op_defs import OpDef, backward_defs, op_def

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
    "layer_norm_grad": [
        ({"x": (3, 4, 5), "scale": (20,), "bias": (20,)}, {}),
        ({"x": (3, 4, 5), "scale": (5,), "bias": (5,)}, {"begin_norm_axis": 2, "epsilon": 1e-3}),
        ({"x": (4, 6)}, {}),
    ],
    "embedding_grad": [
        ({"x": int_labels((3, 4), 6), "weight": (6, 5)}, {}),
        ({"x": int_labels((7,), 4), "weight": (4, 3)}, {"padding_idx": 2}),
    ],
    "sum_grad": [({"x": (3, 4, 2)}, {"axis": [1]}),
                 ({"x": (3, 4)}, {"axis": [0, 1], "keepdim": True})],
    "max_grad": [({"x": (3, 4, 2)}, {"axis": [1]}), ({"x": (3, 4)}, {"keepdim": True})],
    "min_grad": [({"x": (3, 4, 2)}, {"axis": [-1]}), ({"x": (2, 3)}, {"axis": [0]})],
    "prod_grad": [({"x": away_from_zero((3, 4, 2))}, {"axis": [1]}),
                  ({"x": away_from_zero((2, 3))}, {"axis": [0, 1], "keepdim": True})],
    "expand_grad": [({"x": (3, 1)}, {"shape": [2, 3, 4]}),
                    ({"x": (2, 1, 3)}, {"shape": [-1, 5, -1]})],
    "tile_grad": [({"x": (2, 3)}, {"repeat_times": [2, 2, 1]}),
                  ({"x": (2, 3)}, {"repeat_times": [3]})],
    "gather_grad": [({"x": (4, 3), "index": int_labels((5,), 4)}, {}),
                    ({"x": (2, 3, 4), "index": int_labels((3,), 4)}, {"axis": -1})],
    "dropout_grad": [
        ({"x": (3, 4)}, {"p": 0.3, "mode": "upscale_in_train", "seed": 3, "fix_seed": True}),
        ({"x": (2, 5)}, {"p": 0.4, "seed": 11, "fix_seed": True}),
    ],
}
STEP = 1e-6


def _cases() -> list[tuple[str, int]]:
    return [(b.name, i) for b in backward_defs() for i in range(len(GRAD_CASES.get(b.name, [])))]


def test_every_backward_op_has_a_finite_difference_case() -> None:
    missing = [b.name for b in backward_defs() if not GRAD_CASES.get(b.name)]
    assert not missing, f"backward ops without a finite-difference case: {missing}"


def _outputs(op: OpDef, result: Any) -> dict[str, Any]:
    values = result if len(op.outputs) > 1 else (result,)
    return {o.name: v for o, v in zip(op.outputs, values) if v is not None}


@pytest.mark.parametrize(("name", "index"), _cases(), ids=[f"{n}-{i}" for n, i in _cases()])
def test_grad_matches_finite_differences(name: str, index: int) -> None:
    back = op_def(name)
    forward = op_def(back.forward.op)  # type: ignore[union-attr]
    specs, attrs = GRAD_CASES[name][index]
    assert set(attrs) <= {a.name for a in forward.attrs}, "case attributes are the forward's"
    rng = np.random.default_rng(index)
    inputs = {k: (s(rng) if callable(s) else rng.standard_normal(s)) for k, s in specs.items()}
    function = api.functions()[forward.name]
    differentiated = {o.name[: -len("_grad")] for o in back.outputs}

    def run_forward(values: dict[str, np.ndarray], record: bool) -> tuple[dict, dict]:
        tensors = {k: api.Tensor(v, stop_gradient=not (record and k in differentiated
                                                       and v.dtype.kind == "f"))
                   for k, v in values.items()}
        return tensors, _outputs(forward, function(**tensors, **attrs))

    tensors, outputs = run_forward(inputs, record=True)
    grads_in = [a.name[: -len("_grad")] for a in back.inputs
                if a.name.endswith("_grad") and a.name[: -len("_grad")] in outputs]
    assert grads_in, f"{name} takes no gradient of a forward output"
    cotangents = {o: rng.standard_normal(outputs[o].shape) for o in grads_in}
    api.backward([outputs[o] for o in grads_in], [cotangents[o] for o in grads_in])

    def objective(values: dict[str, np.ndarray]) -> float:
        outs = run_forward(values, record=False)[1]
        return float(sum(np.sum(outs[o].numpy() * c) for o, c in cotangents.items()))

    checked = 0
    for target, tensor in tensors.items():
        if tensor.stop_gradient:
            continue
        assert tensor.grad is not None, f"{name}: no gradient reached {target}"
        numeric = np.zeros_like(inputs[target])
        for i in np.ndindex(inputs[target].shape):
            plus, minus = dict(inputs), dict(inputs)
            plus[target], minus[target] = inputs[target].copy(), inputs[target].copy()
            plus[target][i] += STEP
            minus[target][i] -= STEP
            numeric[i] = (objective(plus) - objective(minus)) / (2 * STEP)
        np.testing.assert_allclose(tensor.grad.numpy(), numeric, rtol=1e-5, atol=1e-6,
                                   err_msg=f"{name} {target}_grad")
        checked += 1
    assert checked, f"{name}: no input gradient was checked"
