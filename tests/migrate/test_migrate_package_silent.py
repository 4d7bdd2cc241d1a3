"""The codemod on a module whose kernels write no output they can name
(tests/migrate/corpus/pkg_silent, issue 23): `FiniteCheckKernel` only checks its input and
`NoopKernel` writes nothing, so their ops' proto outputs are never written; they are refused,
named, and no ops.yaml entry is written for them. Before, their entries had no output
(`output : None`) and every op of the module failed verify. Their neighbours migrate and
verify: `ScaleKernel`, and `MaybeScaleKernel`, which writes `Out` only when `scaled` holds
(an output left unwritten is left unallocated by both paths alike, checked with `scaled` off).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import assert_module_rows, run_package_ops, write_copy

PACKAGE = "pkg_silent"
_FLOATS = {"CPU": ["FLOAT32", "FLOAT64"]}


def _writes_none(op: str) -> str:
    return (f"compute() writes no output of op '{op}' it can name (its proto declares 'Out', "
            "which compute() never writes): a kernel that only checks its inputs has no PHI "
            "signature (an ops.yaml entry needs an output)")


EXPECTED = {"checks.py": {
    "FiniteCheckKernel": ("skipped", "qs_finite_check", _writes_none("qs_finite_check"), {}),
    "MaybeScaleKernel": ("migrated", "qs_maybe_scale", "", _FLOATS),
    "NoopKernel": ("skipped", "qs_noop", _writes_none("qs_noop"), {}),
    "ScaleKernel": ("migrated", "qs_scale", "", _FLOATS),
}}
CASES = {"qs_finite_check": [{}, {"limit": 1.0}], "qs_maybe_scale": [{}, {"scaled": False}],
         "qs_noop": [{}], "qs_scale": [{}, {"limit": 4.0}]}
LEGACY = frozenset({"qs_finite_check", "qs_noop"})


def _run(root: Path, mode: str) -> Any:
    return run_package_ops(root, ["pkg_silent.checks"], CASES, mode, LEGACY)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("silent"), PACKAGE, _run)


def test_a_kernel_writing_no_output_is_refused_and_its_neighbours_migrate(
        written: dict[str, Any]) -> None:
    assert_module_rows(written, EXPECTED)
    rows = {r["kernel"]: r["reason"] for r in written["doc"]["kernels"]}
    assert rows["NoopKernel"] == _writes_none("qs_noop")


def test_only_complete_entries_are_written(written: dict[str, Any]) -> None:
    yaml_text = (written["pkg"] / "ops.yaml").read_text()
    assert "- op : qs_scale\n" in yaml_text and "- op : qs_maybe_scale\n" in yaml_text
    assert "qs_finite_check" not in yaml_text and "qs_noop" not in yaml_text
    assert "None" not in yaml_text
    assert yaml_text.count("  output : Tensor(out)\n") == 2
    checks = (written["pkg"] / "checks.py").read_text()
    assert "class FiniteCheckKernel(OpKernel)" in checks and "class NoopKernel(OpKernel)" in checks


def test_every_op_computes_as_before(written: dict[str, Any]) -> None:
    before, after = written["before_ops"], written["after_ops"]
    assert after == before
    assert before["qs_finite_check {'limit': 1.0}"] == "qs_finite_check: input out of range"
    assert before["qs_maybe_scale {'scaled': False}"] == []  # left unwritten on both paths
    assert before["qs_maybe_scale {}"] != before["qs_scale {}"]
    assert set(written["after"]["imported"].values()) == {"ok"}
