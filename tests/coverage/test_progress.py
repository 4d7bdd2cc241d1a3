"""The progress figure: twins, parity per device, devices without any parity run."""

from __future__ import annotations

from typing import Any

from compat.coverage.codemod import CodemodSource
from compat.coverage.facts import collect_facts
from compat.coverage.parity import empty_parity
from compat.coverage.report import op_row

NO_CODEMOD = CodemodSource({}, None, None, None)


def _run(ops: dict[str, dict[str, str]]) -> dict[str, Any]:
    return {"timestamp": "2024-01-01T00:00:00Z", "device": "d", "source": "test",
            "ops": {op: {dt: {"status": st} for dt, st in r.items()} for op, r in ops.items()}}


def test_stages_follow_parity() -> None:
    scale = collect_facts()["scale"]
    cpu_dtypes = scale.cpu_common_dtypes("cpu")
    gpu_dtypes = scale.cpu_common_dtypes("gpu")
    all_cpu = {"scale": dict.fromkeys(cpu_dtypes, "identical")}

    doc = empty_parity()
    row = op_row(scale, doc, NO_CODEMOD, [])
    # no parity run at all: a twin is not verified, so nothing counts as migrated
    assert (row["twinned"], row["migrated"], row["stage"]) == (True, False, "twinned")

    doc["runs"]["cpu"] = _run({"scale": {cpu_dtypes[0]: "identical"}})
    row = op_row(scale, doc, NO_CODEMOD, [])
    assert (row["migrated"], row["stage"]) == (False, "twinned")  # CPU run misses dtypes

    doc["runs"]["cpu"] = _run(all_cpu)
    row = op_row(scale, doc, NO_CODEMOD, [])
    assert row["migrated"] and row["stage"] == "migrated"  # no GPU run: GPU not required
    assert not any(k["verified"] for k in row["legacy_kernels"] if k["place"] == "GPU")

    doc["runs"]["gpu"] = _run({"scale": dict.fromkeys(gpu_dtypes[:-1], "identical")})
    row = op_row(scale, doc, NO_CODEMOD, [])
    assert (row["migrated"], row["cpu_verified"], row["stage"]) == (False, True, "cpu-verified")

    doc["runs"]["gpu"] = _run({"scale": dict.fromkeys(gpu_dtypes, "identical")})
    row = op_row(scale, doc, NO_CODEMOD, [])
    assert row["stage"] == "migrated" and all(k["verified"] for k in row["legacy_kernels"])
