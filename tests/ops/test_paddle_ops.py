"""Single-op programs exported by Paddle 3.3.1 run through fluidphi on every path.

Cases are data in tests/conformance/op_cases/<family>.py; their programs, inputs and
Paddle's outputs are in tests/fixtures/ops/<family>/ (tests/conformance/export_ops.py
writes them; Paddle is not needed here). Per case: the saved program loads once and runs
on the `legacy`, `phi` and `auto` paths; outputs must match Paddle's (dtype, dims, ints
exactly, floats within the tolerance of the dtype Paddle computes them in (its own, or a
family's `COMPUTED_IN`: `op_cases/spec.output_tolerance`), NaN / inf
positions, the sign of zeros unless a case opts out, the LoD of each fetched tensor), or
raise where Paddle raised. LoD inputs are fed with Paddle's LoD.
Per op type: the proto and the PHI kernel name match Paddle's (its CPU dtypes:
tests/ops/test_op_kernels.py).
"""

from __future__ import annotations

import re

import pytest

from compat.arg_mapping import phi_kernel_name
from compat.predictor import load_model, run_model
from legacy_fluid.framework.op_registry import OP_INFOS
from tests.conformance.op_cases import family_names, load_family
from tests.conformance.op_cases.spec import Case, output_tolerance
from tests.conformance.op_fixtures import EXPORT_CMD, family_fixtures, regenerate_hint
from tests.conformance.paddle_reference import assert_close_to_paddle
from tests.conformance.proto_check import proto_problems

FAMILIES = {name: load_family(name) for name in family_names()}
CASES = [(family, case) for family, module in FAMILIES.items() for case in module.CASES]
OPS = sorted({(family, case.op) for family, case in CASES})
PATHS = ("legacy", "phi", "auto")


def _legacy_only(family: str, op: str) -> bool:
    """An op a family declares without a PHI form yet (`LEGACY_ONLY`, op -> why)."""
    return op in getattr(FAMILIES[family], "LEGACY_ONLY", {})


def _run_and_compare(family: str, case: Case) -> None:
    fixtures = family_fixtures(family)
    entry = fixtures.entry(case)
    model = load_model(fixtures.model_prefix(case.name))
    feeds = fixtures.fed(case.name)
    expected = fixtures.outputs(case.name)
    expected_lods = fixtures.output_lods(case.name)
    legacy_only = _legacy_only(family, case.op)
    for path in PATHS:
        what = f"{family}/{case.name} [{path}]"
        if legacy_only and path == "phi":
            with pytest.raises(Exception, match=f"no PHI kernel named '{case.op}'"):
                run_model(model, feeds, path=path)
            continue
        if case.raises is not None:
            with pytest.raises(Exception, match=re.compile(case.raises, re.IGNORECASE)):
                run_model(model, feeds, path=path)
            continue
        result = run_model(model, feeds, path=path)
        assert set(result.outputs) == set(expected), f"{what}: fetched {sorted(result.outputs)}"
        for fetch, ref in expected.items():
            tol = output_tolerance(case, entry["fetches"][fetch]["dtype"],
                                   getattr(FAMILIES[family], "COMPUTED_IN", None))
            assert_close_to_paddle(result.outputs[fetch], ref, f"{what} {fetch}", tol=tol,
                                   zero_sign=case.zero_sign)
        assert result.lods == expected_lods, f"{what}: LoDs {result.lods} != {expected_lods}"
        op_paths = {rec.path for rec in result.trace if rec.type == case.op}
        want = "legacy" if legacy_only else "phi"
        assert op_paths == {want if path == "auto" else path}, f"{what}: ran {op_paths}"


@pytest.mark.parametrize(("family", "case"), CASES,
                         ids=[f"{family}/{case.name}" for family, case in CASES])
def test_case_matches_paddle(family: str, case: Case) -> None:
    _run_and_compare(family, case)


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_fixtures_are_current(family: str) -> None:
    """Every case has its exported program and nothing else lies in the family folder."""
    fixtures = family_fixtures(family)
    names = {case.name for case in FAMILIES[family].CASES}
    stale = sorted(set(fixtures.cases) - names)
    assert not stale, f"exported cases no longer defined: {stale}; " \
                      + regenerate_hint(f"{EXPORT_CMD} --family {family}")
    files = {p.name for p in fixtures.dir.iterdir()}
    expected = {f"{n}.pdmodel" for n in names} | {"cases.json", "arrays.npz", "op_protos.json"}
    assert files == expected, \
        f"missing {sorted(expected - files)}, unexpected {sorted(files - expected)}"
    assert {case.op for case in FAMILIES[family].CASES} == set(fixtures.protos)


@pytest.mark.parametrize(("family", "op"), OPS, ids=[f"{f}/{op}" for f, op in OPS])
def test_proto_matches_paddle(family: str, op: str) -> None:
    assert OP_INFOS.has(op), f"fluidphi has no operator '{op}'"
    problems = proto_problems(OP_INFOS.info(op).proto, family_fixtures(family).protos[op])
    assert problems == [], f"{op}: " + "; ".join(problems)


@pytest.mark.parametrize(("family", "op"), OPS, ids=[f"{f}/{op}" for f, op in OPS])
def test_phi_kernel_name_matches_paddle(family: str, op: str) -> None:
    """PHI kernel name as Paddle's (its CPU dtypes: tests/ops/test_op_kernels.py)."""
    assert phi_kernel_name(op) == family_fixtures(family).protos[op]["phi_kernel"]
