"""compat/coverage/sources.py: the evidence a built package bundles, and where it is read."""

from __future__ import annotations

from pathlib import Path

import pytest

from compat.coverage import sources
from compat.coverage.codemod import load_codemod
from compat.coverage.grads import load_evidence
from compat.coverage.parity import load_parity

ROOT = Path(__file__).resolve().parent.parent.parent


def test_the_bundled_copy_wins_over_the_source_tree(tmp_path: Path) -> None:
    here = tmp_path / "compat" / "coverage"
    here.mkdir(parents=True)
    assert sources.evidence_root(here) == tmp_path  # a source checkout
    (here / sources.BUNDLE_DIR).mkdir()
    assert sources.evidence_root(here) == here / sources.BUNDLE_DIR  # an installed package
    assert sources.evidence_root() == ROOT  # these tests run from the checkout


def test_evidence_files_lists_each_pattern_and_refuses_a_missing_one(tmp_path: Path) -> None:
    found = sources.evidence_files(ROOT)
    assert {sources.PARITY, sources.MIGRATION, sources.HAND_EDITS} <= set(found)
    fd_modules = [f for f in found if f.startswith(sources.FD_CASES_DIR + "/")]
    assert f"{sources.FD_CASES_DIR}/basic_grad.py" in fd_modules
    grads = [f for f in found if f.startswith(sources.GRAD_FIXTURES + "/")]
    assert grads and all(f.endswith("/cases.json") for f in grads)
    (tmp_path / "reports").mkdir()
    (tmp_path / sources.PARITY).write_text("{}")
    with pytest.raises(sources.MissingEvidenceError, match=r"reports/migration\.json"):
        sources.evidence_files(tmp_path)


def test_a_bundle_reads_as_the_repository(tmp_path: Path) -> None:
    copies = sources.bundle(ROOT, tmp_path)
    assert [c.relative_to(tmp_path).as_posix() for c in copies] == sources.evidence_files(ROOT)
    for copy in copies:
        assert copy.read_bytes() == (ROOT / copy.relative_to(tmp_path)).read_bytes()
    assert load_parity(tmp_path / sources.PARITY) == load_parity(ROOT / sources.PARITY)
    assert load_evidence(tmp_path) == load_evidence(ROOT)
    assert load_evidence(tmp_path).fixture_ops  # not vacuous
    assert "relu_grad" in load_evidence(tmp_path).fd_cases
    bundled = load_codemod([tmp_path / sources.MIGRATION], tmp_path / sources.HAND_EDITS,
                           tmp_path)
    here = load_codemod([ROOT / sources.MIGRATION], ROOT / sources.HAND_EDITS, ROOT)
    assert bundled == here and bundled.statuses
