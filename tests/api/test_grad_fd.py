"""Every backward op of phi/backward.yaml against central finite differences, in float64,
through the generated API and its autograd tape.

For a backward op B of forward op F: call F's generated function on the case's inputs
(float and complex inputs as Tensors that need a gradient), seed each output B takes a
gradient of with a random cotangent, run the tape (which binds and runs B), and compare
each input's .grad with d(Re sum(out * conj(cotangent))) / d input by central differences
(a complex input's gradient: d / d(real part) + i d / d(imaginary part), Paddle's
convention). The cases live per grad family in tests/api/grad_fd/<family>.py. A backward op
without a case there fails the coverage test: every grad has an FD test.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

import numpy as np
import pytest

from phi import api
from phi.core.dense_tensor import DenseTensor
from phi.op_defs import OpDef, backward_defs, op_def
from tests.api import grad_fd
from tests.api.grad_fd.specs import Seq, Spec


def _joined(name: str, empty: Any) -> Any:
    """Attribute `name` of every module of tests/api/grad_fd, joined (a backward op in two
    modules is an error)."""
    joined = type(empty)()
    for info in pkgutil.iter_modules(grad_fd.__path__):
        part = getattr(importlib.import_module(f"{grad_fd.__name__}.{info.name}"), name, empty)
        twice = set(joined) & set(part)
        assert not twice, f"tests/api/grad_fd/{info.name}.py: {name} repeats {sorted(twice)}"
        joined |= part
    return joined


#: backward op -> cases: (forward inputs, attributes shared by forward and backward)
GRAD_CASES: dict[str, list[tuple[dict[str, Spec], dict[str, Any]]]] = _joined("GRAD_CASES", {})
STEP = 1e-6
#: backward ops whose forward Paddle registers for float32 only: (step, rtol, atol)
FLOAT32_FD: dict[str, tuple[float, float, float]] = _joined("FLOAT32_FD", {})
#: Backward outputs that are no derivatives (their inputs are not differentiated here)
NOT_DERIVATIVES: dict[str, set[str]] = _joined("NOT_DERIVATIVES", {})
#: Backward ops that compute no derivative at all (checked against Paddle in tests/ops)
IN_PLACE_UPDATES: set[str] = _joined("IN_PLACE_UPDATES", set())
#: Backward op -> inputs the forward reads as Hermitian matrices (one triangle only): their
#: gradient is the Hermitian one, the finite differences' (N + N^H) / 2
HERMITIAN_INPUTS: dict[str, set[str]] = _joined("HERMITIAN_INPUTS", {})


def _cases() -> list[tuple[str, int]]:
    return [(b.name, i) for b in backward_defs() for i in range(len(GRAD_CASES.get(b.name, [])))]


def test_every_backward_op_has_a_finite_difference_case() -> None:
    missing = [b.name for b in backward_defs()
               if not GRAD_CASES.get(b.name) and b.name not in IN_PLACE_UPDATES]
    assert not missing, f"backward ops without a finite-difference case: {missing}"


def _outputs(op: OpDef, result: Any) -> dict[str, Any]:
    values = result if len(op.outputs) > 1 else (result,)
    return {o.name: v for o, v in zip(op.outputs, values) if v is not None}


def _make(spec: Spec | list[Spec], rng: np.random.Generator) -> Any:
    if spec is None:
        return None
    if isinstance(spec, Seq):
        return _make(spec.spec, rng)
    if isinstance(spec, list):
        return [_make(s, rng) for s in spec]
    return spec(rng) if callable(spec) else rng.standard_normal(spec)


def _cotangent(rng: np.random.Generator, like: np.ndarray) -> np.ndarray:
    """A random cotangent of `like`'s dims and dtype (complex: both parts random)."""
    c = rng.standard_normal(like.shape)
    if like.dtype.kind == "c":
        c = c + 1j * rng.standard_normal(like.shape)
    return np.asarray(c, like.dtype)


def _flat(value: Any) -> list[Any]:
    """A value or the items of a list value (a Tensor[] argument or output)."""
    return list(value) if isinstance(value, list) else [value]


def _replaced(inputs: dict[str, Any], name: str, index: int | None, array: Any) -> dict:
    """`inputs` with input `name` (item `index` of a list input) replaced by `array`."""
    changed = dict(inputs)
    if index is None:
        changed[name] = array
    else:
        changed[name] = [array if i == index else a for i, a in enumerate(inputs[name])]
    return changed


@pytest.mark.parametrize(("name", "index"), _cases(), ids=[f"{n}-{i}" for n, i in _cases()])
def test_grad_matches_finite_differences(name: str, index: int) -> None:
    back = op_def(name)
    forward = op_def(back.forward.op)  # type: ignore[union-attr]
    specs, attrs = GRAD_CASES[name][index]
    assert set(attrs) <= {a.name for a in forward.attrs}, "case attributes are the forward's"
    rng = np.random.default_rng(index)
    inputs = {k: _make(s, rng) for k, s in specs.items()}
    function = api.functions()[forward.name]
    differentiated = ({o.name[: -len("_grad")] for o in back.outputs}
                      - NOT_DERIVATIVES.get(name, set()))

    lods = {k: [list(level) for level in s.lod] for k, s in specs.items() if isinstance(s, Seq)}

    def run_forward(values: dict[str, Any], record: bool) -> tuple[dict, dict]:
        def tensor(k: str, v: np.ndarray) -> api.Tensor:
            return api.Tensor(DenseTensor(v, lod=lods[k]) if k in lods else v,
                              stop_gradient=not (record and k in differentiated
                                                 and v.dtype.kind in "fc"))
        tensors = {k: None if v is None else [tensor(k, a) for a in v] if isinstance(v, list)
                   else tensor(k, v) for k, v in values.items()}
        return tensors, _outputs(forward, function(**tensors, **attrs))

    tensors, outputs = run_forward(inputs, record=True)
    grads_in = [a.name[: -len("_grad")] for a in back.inputs
                if a.name.endswith("_grad") and a.name[: -len("_grad")] in outputs]
    assert grads_in, f"{name} takes no gradient of a forward output"
    # in each output's dtype and dims (a 0-D output's cotangent 0-D)
    cotangents = {o: [_cotangent(rng, t.numpy()) for t in _flat(outputs[o])]
                  for o in grads_in}
    api.backward([t for o in grads_in for t in _flat(outputs[o])],
                 [c for o in grads_in for c in cotangents[o]])

    def objective(values: dict[str, Any]) -> float:
        outs = run_forward(values, record=False)[1]
        return float(sum(np.real(np.sum(t.numpy() * np.conj(c)))
                         for o, cs in cotangents.items() for t, c in zip(_flat(outs[o]), cs)))

    checked = 0
    for target, slot in tensors.items():
        for item, tensor in enumerate(_flat(slot)):
            if tensor is None or tensor.stop_gradient:  # None: an optional input left out
                continue
            index_ = item if isinstance(slot, list) else None
            what = f"{name} {target}_grad" + ("" if index_ is None else f"[{item}]")
            assert tensor.grad is not None, f"{what}: no gradient reached it"
            value = _flat(inputs[target])[item]
            step, rtol, atol = FLOAT32_FD.get(name, (STEP, 1e-5, 1e-6))
            numeric = np.zeros(value.shape, np.complex128 if value.dtype.kind == "c" else float)
            # a complex input: d/d(real part) + i d/d(imaginary part)
            for unit in (1, 1j) if value.dtype.kind == "c" else (1,):
                for i in np.ndindex(value.shape):
                    plus, minus = value.copy(), value.copy()
                    plus[i] += step * unit
                    minus[i] -= step * unit
                    numeric[i] += unit * (objective(_replaced(inputs, target, index_, plus))
                                          - objective(_replaced(inputs, target, index_, minus))
                                          ) / (2 * step)
            if target in HERMITIAN_INPUTS.get(name, set()):
                numeric = (numeric + np.conj(np.swapaxes(numeric, -1, -2))) / 2
            np.testing.assert_allclose(tensor.grad.numpy(), numeric, rtol=rtol, atol=atol,
                                       err_msg=what)
            checked += 1
    assert checked, f"{name}: no input gradient was checked"
