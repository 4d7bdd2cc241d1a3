"""`fluidphi inspect` over every committed Paddle export (models, 2.x programs, single-op
and grad programs, training programs): nothing it cannot run, every kernel op in both
forms, control flow as framework ops."""

from __future__ import annotations

from collections import Counter

from compat.model_info import describe_model
from tests.conformance.paddle_reference import FIXTURES_ROOT


def test_every_fixture_program_has_every_op_type() -> None:
    programs = sorted({p.with_suffix("") for p in FIXTURES_ROOT.rglob("*.pdmodel")})
    assert len(programs) > 1000
    forms: Counter[str] = Counter()
    for program in programs:
        info = describe_model(str(program))
        assert info["missing"] == [], f"{program}: cannot run {info['missing']}"
        for row in info["op_types"]:
            forms[row["kernels"]] += 1
            assert row["kernels"] in ("both", "framework"), f"{program}: {row}"
    assert forms["framework"] > 0 and forms["both"] > forms["framework"]
