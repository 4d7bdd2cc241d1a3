"""The codemod reader: tolerant of the report's shape; absent sources mean "not run"."""

from __future__ import annotations

import json
from pathlib import Path

from compat.coverage.codemod import load_codemod


def test_absent_sources_mean_not_run(tmp_path: Path) -> None:
    src = load_codemod([tmp_path / "migration.json"], tmp_path / "hand_edits.yaml", tmp_path)
    assert src.report is None and src.hand_edits is None
    assert src.status_of("relu").status == "not run"


def test_records_and_hand_edits(tmp_path: Path) -> None:
    report = tmp_path / "reports" / "migration.json"
    report.parent.mkdir()
    report.write_text(json.dumps({"generated": "2024-05-01T10:00:00Z", "files": [
        {"file": "legacy_fluid/operators/relu_op.py",
         "ops": [{"op_type": "relu", "status": "migrated"},
                 {"op_type": "pool2d", "status": "skipped", "reason": "reads scope"}]},
        {"op_type": "softmax", "status": "written"},
        {"op_type": "cast", "status": "failed", "reason": ["dtype attr", "no infer_shape"]},
    ]}))
    hand = tmp_path / "hand_edits.yaml"
    hand.write_text("softmax: fixed axis handling\n")
    src = load_codemod([tmp_path / "missing.json", report], hand, tmp_path)
    assert src.report == "reports/migration.json" and src.hand_edits == "hand_edits.yaml"
    assert src.generated == "2024-05-01T10:00:00Z"
    assert src.status_of("relu").as_dict() == {
        "status": "auto", "reason": None, "detail": "legacy_fluid/operators/relu_op.py"}
    assert src.status_of("pool2d").status == "skipped"
    assert src.status_of("pool2d").reason == "reads scope"
    assert src.status_of("cast").reason == "failed: dtype attr; no infer_shape"
    assert src.status_of("softmax").status == "hand-edited"
    assert src.status_of("softmax").reason == "fixed axis handling"
    assert src.status_of("matmul_v2", "matmul").status == "not run"


def test_mapping_shape_and_unreadable_report(tmp_path: Path) -> None:
    report = tmp_path / "migration.json"
    report.write_text(json.dumps({"ops": {"relu": "auto", "tanh": {"status": "skip",
                                                                  "reason": "x"}}}))
    src = load_codemod([report], tmp_path / "none.yaml", tmp_path)
    assert src.status_of("relu").status == "auto"
    assert src.status_of("tanh").as_dict()["reason"] == "x"
    report.write_text("{not json")
    assert load_codemod([report], tmp_path / "none.yaml", tmp_path).report is None


def test_dogfood_report_format(tmp_path: Path) -> None:
    """reports/migration.json as `fluidphi migrate --report` writes it, plus hand_edits.yaml."""
    report = tmp_path / "migration.json"
    kernels = [
        {"file": "legacy_fluid/operators/relu6_op.py", "op": "relu6", "kernel": "Relu6Kernel",
         "status": "migrated", "reason": "", "phi_kernel": "relu6", "committed": "identical",
         "hand_edit_reason": ""},
        {"file": "legacy_fluid/operators/hard_swish_op.py", "op": "hard_swish",
         "kernel": "HardSwishKernel", "status": "migrated", "reason": "",
         "phi_kernel": "hardswish", "committed": "identical", "hand_edit_reason": ""},
        {"file": "legacy_fluid/operators/conv_op.py", "op": "conv2d", "kernel": "ConvKernel",
         "status": "migrated", "reason": "", "phi_kernel": "conv2d", "committed": "hand-edited",
         "hand_edit_reason": "im2col kept"},
        {"file": "legacy_fluid/operators/conv_op.py", "op": "conv2d", "kernel": "ConvGPUKernel",
         "status": "skipped", "reason": "uses cudnn handle"},
        {"file": "legacy_fluid/operators/feed_op.py", "op": "feed", "kernel": "FeedKernel",
         "status": "migrated", "reason": "", "phi_kernel": "feed", "committed": "unrecorded"},
    ]
    report.write_text(json.dumps({"command": "x", "totals": {}, "kernels": kernels}))
    hand = tmp_path / "hand_edits.yaml"
    hand.write_text("kernels:\n  hardswish:\n    reason: clip order\n    sha256: abc\n")
    src = load_codemod([report], hand, tmp_path)
    assert src.status_of("relu6", "relu6").status == "auto"
    assert src.status_of("hard_swish", "hardswish").as_dict() == {
        "status": "hand-edited", "reason": "clip order",
        "detail": "legacy_fluid/operators/hard_swish_op.py"}
    assert src.status_of("conv2d").as_dict() == {
        "status": "skipped", "reason": "uses cudnn handle",
        "detail": "legacy_fluid/operators/conv_op.py"}
    assert src.status_of("feed").status == "hand-edited"
    assert src.status_of("feed").reason.startswith("unrecorded:")
