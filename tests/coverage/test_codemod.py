"""The codemod reader: the report format fluidphi writes, strictly; absent files mean "not run"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from compat.coverage.codemod import ReportFormatError, load_codemod


def test_absent_sources_mean_not_run(tmp_path: Path) -> None:
    src = load_codemod([tmp_path / "migration.json"], tmp_path / "hand_edits.yaml", tmp_path)
    assert src.report is None and src.hand_edits is None
    assert src.status_of("relu").status == "not run"


def _record(op: str, status: str, **more: object) -> dict:
    return {"file": f"legacy_fluid/operators/{op}_op.py", "op": op, "kernel": "K",
            "status": status, "reason": "", **more}


def test_dogfood_report_format(tmp_path: Path) -> None:
    """reports/migration.json as `fluidphi migrate --report` writes it, plus hand_edits.yaml."""
    report = tmp_path / "migration.json"
    kernels = [
        _record("relu6", "migrated", phi_kernel="relu6", committed="identical"),
        _record("hard_swish", "migrated", phi_kernel="hardswish", committed="identical"),
        _record("conv2d", "migrated", phi_kernel="conv2d", committed="hand-edited",
                hand_edit_reason="im2col kept"),
        {**_record("conv2d", "skipped"), "reason": "uses cudnn handle"},
        _record("feed", "migrated", phi_kernel="feed", committed="unrecorded"),
        _record("transpose2", "covered", phi_kernel="transpose"),
        {**_record("cast", "failed"), "reason": "codemod error: boom"},
        _record("shape", "migrated", phi_kernel="shape", committed="not-committed"),
    ]
    report.write_text(json.dumps({"command": "x", "generated": "2024-05-01", "totals": {},
                                  "kernels": kernels}))
    hand = tmp_path / "hand_edits.yaml"
    hand.write_text("kernels:\n  hardswish:\n    reason: clip order\n    sha256: abc\n")
    src = load_codemod([tmp_path / "missing.json", report], hand, tmp_path)
    assert src.report == "migration.json" and src.hand_edits == "hand_edits.yaml"
    assert src.generated == "2024-05-01"
    assert src.status_of("relu6", "relu6").as_dict() == {
        "status": "auto", "reason": None, "detail": "legacy_fluid/operators/relu6_op.py"}
    assert src.status_of("hard_swish", "hardswish").as_dict() == {
        "status": "hand-edited", "reason": "clip order",
        "detail": "legacy_fluid/operators/hard_swish_op.py"}
    assert src.status_of("conv2d").as_dict()["status"] == "skipped"
    assert src.status_of("conv2d").reason == "uses cudnn handle"
    assert src.status_of("feed").status == "hand-edited"
    assert src.status_of("feed").reason.startswith("unrecorded:")
    assert src.status_of("transpose2").status == "auto"
    assert src.status_of("cast").as_dict()["reason"] == "failed: codemod error: boom"
    assert src.status_of("shape").reason == "not committed"
    assert src.status_of("matmul_v2", "matmul").status == "not run"


@pytest.mark.parametrize(("text", "message"), [
    ("{not json", "cannot be read as JSON"),
    ('{"ops": {"relu": "auto"}}', "not a migration report"),
    ('{"kernels": [{"op": "relu", "status": "written"}]}',
     "kernels[0]: 'written' is not a KernelStatus (expected one of: migrated, covered, "
     "skipped, failed)"),
    ('{"kernels": [{"op": "relu", "status": "migrated", "committed": "maybe"}]}',
     "'maybe' is not a CommittedState"),
    ('{"kernels": [{"status": "migrated"}]}', "expected an object with `op`"),
    ('{"kernels": [{"op": "r", "status": "skipped", "reason": ["a"]}]}', "`reason` must be text"),
])
def test_a_report_fluidphi_did_not_write_is_an_error(tmp_path: Path, text: str,
                                                     message: str) -> None:
    report = tmp_path / "migration.json"
    report.write_text(text)
    with pytest.raises(ReportFormatError) as info:
        load_codemod([report], tmp_path / "none.yaml", tmp_path)
    assert str(info.value).startswith("migration.json: ") and message in str(info.value)


def test_a_hand_edit_list_in_another_shape_is_an_error(tmp_path: Path) -> None:
    hand = tmp_path / "hand_edits.yaml"
    hand.write_text("softmax: fixed axis handling\n")
    with pytest.raises(ReportFormatError, match=r"hand_edits\.yaml: expected `kernels:`"):
        load_codemod([tmp_path / "none.json"], hand, tmp_path)
