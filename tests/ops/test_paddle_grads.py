"""Single-op grad programs exported by Paddle 3.3.1 run through fluidphi on every path.

Cases are `GradCase`s in tests/conformance/op_cases/<family>_grad.py; their programs (the
forward op and the grad ops `paddle.static.gradients` appended, seeded with fed
cotangents), inputs and Paddle's gradients are in tests/fixtures/grads/<family>/
(tests/conformance/export_grads.py writes them). Per case the program runs on the
`legacy`, `phi` and `auto` paths (planned, no inference passes: these are training ops)
and every gradient must match Paddle's within the per-dtype tolerance of op_cases/spec.py.
Every legacy grad op type fluidphi registers must appear in some case's program, except
those Paddle registers no operator for (its executor refuses them: grad_dtype_gaps.
NO_STATIC_KERNEL), whose only check is their finite-difference cases in tests/api/grad_fd.
"""

from __future__ import annotations

import pytest

from compat.predictor import load_model, run_model
from legacy_fluid.framework.op_registry import OP_INFOS
from legacy_fluid.framework.operator import OperatorWithKernel
from tests.conformance.op_cases import grad_family_names, load_family
from tests.conformance.op_cases.spec import GradCase, tolerance
from tests.conformance.op_fixtures import grad_fixtures
from tests.conformance.paddle_reference import assert_close_to_paddle
from tests.ops.grad_dtype_gaps import NO_STATIC_KERNEL
from tests.ops.op_helpers import is_registered_grad_op

FAMILIES = {name: load_family(name) for name in grad_family_names()}
CASES = [(family, case) for family, module in FAMILIES.items() for case in module.GRAD_CASES]
PATHS = ("legacy", "phi", "auto")


def _runs_itself(op_type: str) -> bool:
    """An op with no kernel (control flow, tensor arrays): its trace's path is 'framework'."""
    return not issubclass(OP_INFOS.info(op_type).op_class, OperatorWithKernel)


@pytest.mark.parametrize(("family", "case"), CASES,
                         ids=[f"{family}/{case.name}" for family, case in CASES])
def test_gradients_match_paddle(family: str, case: GradCase) -> None:
    fixtures = grad_fixtures(family)
    entry = fixtures.entry(case)
    model = load_model(fixtures.model_prefix(case.name))
    feeds = fixtures.fed(case.name)  # LoD inputs carry their LoD
    expected = fixtures.outputs(case.name)
    # after the forward op (cast's grad is a cast, sum's scales); a case that is a lone grad
    # op (dropout_grad with a given Mask) has no forward op
    first = 0 if is_registered_grad_op(case.op) else 1
    backward = entry["program"][first:]
    for path in PATHS:
        what = f"{family}/{case.name} [{path}]"
        result = run_model(model, feeds, path=path, passes=False)
        assert set(result.outputs) == set(expected), f"{what}: fetched {sorted(result.outputs)}"
        for fetch, ref in expected.items():
            tol = tolerance(entry["fetches"][fetch]["dtype"], case.tol)
            assert_close_to_paddle(result.outputs[fetch], ref, f"{what} {fetch}", tol=tol)
        for fetch, lod in fixtures.output_lods(case.name).items():  # recorded forward fetches
            got = result.lods.get(fetch, [])
            assert got == lod, f"{what} {fetch}: LoD {got}, Paddle's {lod}"
        ran = [(rec.type, rec.path) for rec in result.trace
               if rec.type in entry["program"]][first:]
        assert [t for t, _ in ran] == backward, f"{what}: backward ops run {ran}"
        want = "phi" if path == "auto" else path
        # ops that run themselves (tensor arrays: tensor_array_to_tensor_grad, the reads of
        # its gradient array) take the framework path on every path
        assert {p for t, p in ran if not _runs_itself(t)} == {want}, \
            f"{what}: backward ops took {ran}"
        assert {p for t, p in ran if _runs_itself(t)} <= {"framework"}, \
            f"{what}: backward ops took {ran}"


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_grad_fixtures_are_current(family: str) -> None:
    fixtures = grad_fixtures(family)
    names = {case.name for case in FAMILIES[family].GRAD_CASES}
    assert set(fixtures.cases) == names, "rerun export_grads.py for " + family
    files = {p.name for p in fixtures.dir.iterdir()}
    assert files == {f"{n}.pdmodel" for n in names} | {"cases.json", "arrays.npz"}


def test_every_legacy_grad_op_has_a_paddle_grad_fixture() -> None:
    covered = {t for family in FAMILIES for entry in grad_fixtures(family).cases.values()
               for t in entry["program"]}
    grad_ops = {t for t in OP_INFOS.op_types() if is_registered_grad_op(t)}
    missing = sorted(grad_ops - covered - set(NO_STATIC_KERNEL))
    assert not missing, f"grad ops without a Paddle-made grad fixture: {missing}"
    assert not covered & set(NO_STATIC_KERNEL), \
        "a Paddle fixture runs a grad op declared without a Paddle operator"
