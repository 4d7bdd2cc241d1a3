"""`fluidphi inspect` over every committed Paddle export (models, 2.x programs, single-op
and grad programs, training programs): nothing it cannot run, every kernel op in both
forms (a family's LEGACY_ONLY ops in the legacy one), control flow as framework ops."""

from __future__ import annotations

from collections import Counter

from compat.model_info import describe_model
from tests.conformance.op_cases import family_names, load_family
from tests.conformance.paddle_reference import FIXTURES_ROOT

#: ops a family declares without a PHI form yet (`LEGACY_ONLY`): legacy kernels only
LEGACY_ONLY = {op for f in family_names() for op in getattr(load_family(f), "LEGACY_ONLY", {})}


def test_every_fixture_program_has_every_op_type() -> None:
    programs = sorted({p.with_suffix("") for p in FIXTURES_ROOT.rglob("*.pdmodel")})
    assert len(programs) > 1000
    forms: Counter[str] = Counter()
    for program in programs:
        info = describe_model(str(program))
        assert info["missing"] == [], f"{program}: cannot run {info['missing']}"
        for row in info["op_types"]:
            forms[row["kernels"]] += 1
            allowed = ("both", "framework", "legacy") if row["type"] in LEGACY_ONLY else \
                ("both", "framework")
            assert row["kernels"] in allowed, f"{program}: {row}"
    assert forms["framework"] > 0 and forms["both"] > forms["framework"]
