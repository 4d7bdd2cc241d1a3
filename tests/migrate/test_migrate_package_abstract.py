"""The codemod on team Q's package (tests/migrate/corpus/pkg_abstract): kernels over
abstract bases of another module (`abc.ABC`, `metaclass=abc.ABCMeta`) migrate when their
MRO implements every `@abstractmethod`, the base read as absent; a kernel leaving one
abstract is refused naming it. After `--write` every module still imports and every op
computes what it computed before (the refused one fails as before)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import run_package_ops, write_copy

PACKAGE = "pkg_abstract"
EXPECTED = {
    ("steps.py", "CubeKernel"): ("migrated", "ab_cube", ""),
    ("steps.py", "HalfAbsKernel"): ("migrated", "ab_half_abs", ""),
    ("steps.py", "HalfOnlyKernel"): (
        "skipped", "ab_half_only", "is abstract (abc.ABC, abc.ABCMeta) and leaves "
        "TwoStage.after() unimplemented: Python refuses to instantiate it"),
}
LEGACY = frozenset({"ab_half_only"})
CASES: dict[str, list[dict[str, Any]]] = {op: [{}] for _, op, _ in EXPECTED.values()}
MODULES = [f"{PACKAGE}.shapes", f"{PACKAGE}.steps"]


def run_ops(root: Path, mode: str) -> dict[str, Any]:
    return run_package_ops(root, MODULES, CASES, mode, LEGACY)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE, run_ops)


def test_every_kernel_has_its_exact_row(written: dict[str, Any]) -> None:
    got = {(Path(r["file"]).name, r["kernel"]): (r["status"], r["op"], r["reason"])
           for r in written["doc"]["kernels"]}
    assert got == EXPECTED
    assert written["code"] == 0 and written["doc"]["written"]
    verdicts = {r["kernel"]: r["verification"] for r in written["doc"]["kernels"]
                if r["status"] == "migrated"}
    assert all(v.startswith("identical") for v in verdicts.values()), verdicts


def test_the_write_breaks_nothing_and_every_op_computes_as_before(written: dict[str, Any]
                                                                  ) -> None:
    before, after = written["before"], written["after"]
    assert set(before["imported"].values()) == {"ok"}
    assert after["imported"] == before["imported"]
    assert written["after_ops"] == written["before_ops"]
    # the kernel left abstract never ran, before or after
    assert "abstract" in str(written["before_ops"]["ab_half_only {}"])


def test_the_implemented_steps_are_lifted_and_the_kernels_gone(written: dict[str, Any]
                                                                ) -> None:
    text = (written["pkg"] / "steps.py").read_text()
    assert "class CubeKernel" not in text and "class HalfAbsKernel" not in text
    assert "class HalfOnlyKernel(_HalfStage)" in text
