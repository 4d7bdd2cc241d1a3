"""Dogfooding: the codemod over legacy_fluid/operators reproduces the committed PHI kernels
(or the differences are the recorded hand edits), verifies identical, and the report is current.

When an op is added or a PHI kernel edited, refresh with
    python -m migrate.dogfood --update-hand-edits
and review the reasons in migrate/hand_edits.yaml.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from migrate_helpers import JOBS

from migrate import dogfood
from migrate.codemod import load_base_names, migrate_source
from migrate.records import FileResult
from migrate.verify import VerifyResult

#: the codemod over every legacy operator, with verify: minutes (started first: tests/conftest.py)
pytestmark = pytest.mark.heavy

REFRESH = "run `python -m migrate.dogfood --update-hand-edits` and review migrate/hand_edits.yaml"


@pytest.fixture(scope="module")
def run() -> tuple[list[FileResult], list[VerifyResult]]:
    return dogfood.run(jobs=JOBS)


def test_no_kernel_fails(run: Any) -> None:
    results, _ = run
    assert [r.path for r in results if r.error] == []
    failed = [(r.op_type, r.reason) for res in results for r in res.records
              if r.status == "failed"]
    assert failed == []
    assert any(r.status == "migrated" for res in results for r in res.records)


#: Kernels registered as Paddle registers them that their op never selects, so no input
#: can reach them: (op, backend, dtype) -> what the op's refusal says.
UNREACHABLE = {
    # Paddle 3.3.1 registers sum for float16 on the CPU, but the reduce op refuses float16
    # X on the CPU before choosing a kernel
    ("reduce_sum", "CPU", "FLOAT16"): "float16 can only be used on GPU",
    # Paddle 3.3.1 registers tdm_child for float X, but its kernel refuses any X but int32 /
    # int64 ids (tests/conformance/op_cases/tdm.py has the refusal fixtures)
    **{("tdm_child", backend, dtype): "desires to be int32 or int64"
       for backend in ("CPU", "GPU") for dtype in ("FLOAT32", "FLOAT64")},
    # so does tdm_sampler (its refusal fixtures are in the same file)
    **{("tdm_sampler", backend, dtype): "desires to be int32 or int64"
       for backend in ("CPU", "GPU") for dtype in ("FLOAT32", "FLOAT64")},
}


def test_every_migrated_or_covered_kernel_verifies_identical_on_every_dtype(run: Any) -> None:
    results, verify = run
    bad = {(v.op_type, v.backend, v.dtype): v.detail for v in verify
           if v.status != "identical"}
    assert set(bad) == set(UNREACHABLE)
    for key, refusal in UNREACHABLE.items():
        assert "no valid inputs" in bad[key] and refusal in bad[key], bad[key]
    served = {(r.op_type, r.kernel) for res in results for r in res.records
              if r.status in ("migrated", "covered")}
    assert served == {(v.op_type, v.kernel) for v in verify}


def test_second_run_over_the_migrated_modules_changes_nothing(run: Any) -> None:
    results, _ = run
    base_names = load_base_names()
    for res in results:
        if res.changed:
            again = migrate_source(res.new_text, dogfood.ROOT / res.path, base_names=base_names)
            assert not again.changed, res.path
            assert all(r.status != "migrated" for r in again.records), res.path


def test_committed_phi_kernels_match_or_are_recorded_hand_edits(run: Any) -> None:
    results, _ = run
    plans = [op for r in results for op in r.ops]
    hand_edits = dogfood.load_hand_edits()
    comparisons = dogfood.compare(plans, hand_edits)
    problems = {name: c.status for name, c in comparisons.items()
                if c.status in ("unrecorded", "stale-record")}
    assert problems == {}, REFRESH
    recorded = {name for name, c in comparisons.items() if c.status == "hand-edited"}
    assert set(hand_edits) == recorded, f"stale entries: {set(hand_edits) - recorded}; {REFRESH}"
    assert all(str(hand_edits[n].get("reason", "")).strip() for n in recorded)


def test_committed_report_is_current(run: Any) -> None:
    results, verify = run
    report = dogfood.build_report(results, verify)
    committed = json.loads((dogfood.REPORT_DIR / "migration.json").read_text())
    assert committed == json.loads(json.dumps(report)), (
        "reports/migration.json is stale: run `fluidphi migrate legacy_fluid/operators "
        "--report reports/`")
    md = (dogfood.REPORT_DIR / "migration.md").read_text()
    assert md == dogfood.report_markdown(report)
    assert 0.0 <= report["auto_migration_rate"] <= 1.0


def test_an_installed_package_is_not_written_to(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Any, capsys: Any) -> None:
    """Outside a source checkout: no report into the package, no hand-edit list edited."""
    def never(**_: Any) -> None:
        raise AssertionError("ran the codemod")

    monkeypatch.setattr(dogfood, "ROOT", tmp_path)  # site-packages: no pyproject.toml
    monkeypatch.setattr(dogfood, "run", never)
    for argv, said in (([], "pass --report DIR"),
                       (["--update-hand-edits", "--report", str(tmp_path)], "installed package")):
        with pytest.raises(SystemExit) as exc:
            dogfood.main(argv)
        assert exc.value.code == 2 and said in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []
