"""The backward dimension of the coverage report: per forward op type its grad op in both
forms, verified by Paddle grad fixtures and finite-difference cases; grads in progress."""

from __future__ import annotations

import json
from pathlib import Path

from compat.coverage.cli_entry import render
from compat.coverage.facts import OpFacts, collect_facts
from compat.coverage.grads import (
    GradEvidence,
    backward_row,
    backward_summary,
    grad_of,
    load_evidence,
)
from compat.coverage.report import REPO_ROOT, build_report

NONE = GradEvidence(frozenset(), frozenset(), None, None)


def test_evidence_is_read_from_fixtures_and_fd_cases(tmp_path: Path) -> None:
    (tmp_path / "tests" / "fixtures" / "grads" / "fam").mkdir(parents=True)
    (tmp_path / "tests" / "fixtures" / "grads" / "fam" / "cases.json").write_text(json.dumps(
        {"cases": {"a": {"program": ["relu", "relu_grad"]},
                   "b": {"program": ["cross_entropy2", "cross_entropy_grad2"]}}}))
    (tmp_path / "tests" / "api" / "grad_fd").mkdir(parents=True)
    (tmp_path / "tests" / "api" / "grad_fd" / "fam.py").write_text(
        'GRAD_CASES: dict = {"relu_grad": [({"x": (2,)}, {})], "tanh_grad": [],\n'
        '    **{f"{op}_grad": [({"x": (2,)}, {})] for op in ("sin", "cos")}}\n')
    (tmp_path / "tests" / "api" / "grad_fd" / "other.py").write_text(
        'GRAD_CASES = {"exp_grad": [({"x": (2,)}, {})]}\nOTHER = {"log_grad": [1]}\n')
    ev = load_evidence(tmp_path)
    assert ev.fixture_ops == {"relu_grad", "cross_entropy_grad2"}
    # an empty case list verifies nothing; comprehensions over string tuples are spelled out
    assert ev.fd_cases == {"relu_grad", "sin_grad", "cos_grad", "exp_grad"}
    assert ev.as_source() == {"fixtures": "tests/fixtures/grads",
                              "fd_cases": "tests/api/grad_fd"}
    assert load_evidence(tmp_path / "elsewhere") == NONE


def test_a_grad_is_verified_only_with_both_forms_a_fixture_and_an_fd_case() -> None:
    facts = collect_facts()
    relu = facts["relu"]
    full = GradEvidence(frozenset({"relu_grad"}), frozenset({"relu_grad"}), None, None)
    row = backward_row(relu, facts, {"relu_grad": "migrated"}, full)
    assert row == {"grad_op": "relu_grad", "backward_op": "relu_grad", "legacy_kernel": True,
                   "phi_kernel": "relu_grad", "paddle_fixture": True, "fd_case": True,
                   "grad_stage": "migrated", "verified": True}
    for evidence in (NONE, GradEvidence(full.fixture_ops, frozenset(), None, None),
                     GradEvidence(frozenset(), full.fd_cases, None, None)):
        assert not backward_row(relu, facts, {}, evidence)["verified"]
    assert grad_of("relu_grad", facts) == "relu" and grad_of("relu", facts) is None


def test_grads_paddle_emits_show_even_where_fluidphi_has_none() -> None:
    facts = {"conv2d": OpFacts("conv2d", "conv", "kernel", "conv2d")}
    row = backward_row(facts["conv2d"], facts, {}, NONE)
    assert row is not None and row["grad_op"] == "conv2d_grad"
    assert not row["legacy_kernel"] and row["phi_kernel"] is None and not row["verified"]
    made_up = OpFacts("made_up_op", "x", "kernel", "made_up_op")
    assert backward_row(made_up, {"made_up_op": made_up}, {}, NONE) is None
    entropy = {"cross_entropy2": OpFacts("cross_entropy2", "loss", "kernel", "cross_entropy2")}
    assert backward_row(entropy["cross_entropy2"], entropy, {}, NONE)["grad_op"] \
        == "cross_entropy_grad2"


def test_the_report_carries_the_backward_dimension() -> None:
    doc = json.loads(render(build_report([], REPO_ROOT / "reports"), "json"))
    rows = {r["op_type"]: r for r in doc["ops"]}
    assert rows["relu"]["backward"]["verified"] and rows["relu_grad"]["grad_of"] == "relu"
    assert rows["relu_grad"]["backward"] is None and rows["relu"]["grad_of"] is None
    b = doc["summary"]["backward"]
    assert b == backward_summary(doc["ops"])
    # PHI-only grads (cast_grad, scale_grad: Paddle's programs write cast / scale) are not
    # legacy op types and count for nothing
    grads = [r for r in doc["ops"] if r["grad_of"] is not None and r["counted"]]
    assert b["grad_op_types"]["total"] == len(grads) > 0
    assert b["verified"] <= b["both_forms"] <= min(b["legacy_kernel"], b["phi_kernel"])
    assert doc["sources"]["grads"]["fixtures"] == "tests/fixtures/grads"
    md, html = render(doc, "md"), render(doc, "html")
    assert "### Backward (grad ops)" in md and "| relu | relu_grad | relu_grad | yes |" in md
    assert '<table class="sortable" id="backward">' in html and "Backward: " in html
