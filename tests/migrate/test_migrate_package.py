"""The codemod on a package (tests/migrate/corpus/pkg_team): the tree given is the unit.

Siblings import each other's kernels and private constants (`from .acts import ...`,
`__all__`), kernels reuse other kernels by composition, constants are read through
`from . import common as cm`, and one kernel is found by a computed name (only running
the ops left legacy before and after the write shows that use). Every kernel gets the row
expected here; verify imports the modules as the package they are; after `--write` every
module still imports and every op left legacy still computes what it computed before
(tests/migrate/package_probe.py, in a subprocess, before and after).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import console, write_copy
from migrate_helpers import copy_package as copy_corpus_package

from migrate.cli_entry import run_migrate
from migrate.runner import discover, recheck_foreign, remigrate, run_codemod

HERE = Path(__file__).resolve().parent
PACKAGE = "pkg_team"

#: module -> kernel class -> (status, a piece of the reason)
EXPECTED: dict[str, dict[str, tuple[str, str]]] = {
    "acts.py": {
        # migrated; the class stays (unregistered) for reuse.py and `__all__`
        "SoftsignKernel": ("migrated", "class kept for its `__all__`, pkg_team/reuse.py"),
        "CubeKernel": ("migrated", ""),
    },
    "reuse.py": {
        # `SoftsignKernel().compute(ctx)` of acts.py: calls team_pkg_softsign_kernel
        "SoftsignTwiceKernel": ("migrated", ""),
    },
    "compose.py": {
        # AbsPlusKernel's `AbsKernel().compute(ctx)` calls team_pkg_abs_kernel: the class
        # is used no more and goes
        "AbsKernel": ("migrated", ""),
        "AbsPlusKernel": ("migrated", ""),
        # RoundHalfKernel's `RoundKernel.rounded(...)` is lifted as a function of the
        # module: the dry run drops the class (the write keeps it, as the kept
        # RoundHalfKernel's body still reads it: test_a_migrated_class_still_used_...)
        "RoundKernel": ("migrated", ""),
        # dynamic.py finds it by a computed name: only the run of team_pkg_lookup after
        # the write (legacy, before and after) shows that use, so the class is kept for it
        "RoundHalfKernel": ("migrated", "class kept for pkg_team/dynamic.py's legacy op "
                                        "'team_pkg_lookup' (LookupKernel, a use only running "
                                        "it shows)"),
    },
    "extras.py": {
        "AnnotatedKernel": ("migrated", ""),
        "TracedKernel": ("skipped", "compute() is decorated with @traced"),
        "LodCopyKernel": ("migrated", ""),
        "ConjKernel": ("migrated", ""),  # COMPLEX64 and COMPLEX128
        "DoubleInPlaceKernel": ("migrated", ""),
    },
    "dynamic.py": {
        # its op's maker and operator read as `compose.PlainMaker` (`from . import compose`)
        "LookupKernel": ("skipped", "passes the ExecutionContext 'ctx' on"),
    },
    "modes.py": {
        "StepKernel": ("migrated", ""),
        "ArrayKernel": ("migrated", ""),  # its local `x` rebound, renamed `x_value`
        "ShiftKernel": ("migrated", ""),  # reads 'scale' only where WITH_SCALE is False
        "NoiseKernel": ("migrated", ""),  # verified with a fixed seed
    },
}


def copy_package(root: Path) -> Path:
    return copy_corpus_package(root, PACKAGE)


@pytest.fixture(scope="module")
def dry(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    pkg = copy_package(tmp_path_factory.mktemp("dry"))
    out = pkg.parent / "summary.json"
    code = run_migrate([pkg], verify=True, json_path=out, console=console())
    return {"code": code, "doc": json.loads(out.read_text())}


def test_write_verifies_unless_told_not_to(tmp_path: Path) -> None:
    pkg = copy_package(tmp_path)
    out = tmp_path / "summary.json"
    assert run_migrate([pkg], write=True, json_path=out, console=console()) == 0
    rows = [r for r in json.loads(out.read_text())["kernels"] if r["status"] == "migrated"]
    assert rows and all(v["status"] == "identical" for r in rows for v in r["verify"])
    again = copy_package(tmp_path / "again")
    con = console()
    assert run_migrate([again], write=True, verify=False, json_path=out, console=con) == 0
    doc = json.loads(out.read_text())
    assert doc["written"] and not any("verify" in r for r in doc["kernels"])
    assert "the write is unverified (--no-verify" in " ".join(con.export_text().split())


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE)


def test_every_kernel_of_the_package_has_the_expected_row(dry: dict[str, Any]) -> None:
    got = {(Path(r["file"]).name, r["kernel"]): r for r in dry["doc"]["kernels"]}
    assert {m for m, _ in got} == set(EXPECTED)
    for module, kernels in EXPECTED.items():
        assert {k for m, k in got if m == module} == set(kernels), module
        for kernel, (status, reason) in kernels.items():
            row = got[(module, kernel)]
            assert (row["status"], reason in row["reason"]) == (status, True), row


def test_verify_imports_the_modules_as_their_package(dry: dict[str, Any]) -> None:
    migrated = [r for r in dry["doc"]["kernels"] if r["status"] == "migrated"]
    assert migrated
    for r in migrated:
        assert r["verify"] and all(v["status"] == "identical" and v["reimported"]
                                   for v in r["verify"]), r
    assert dry["code"] == 0  # nothing held back: RoundHalfKernel's class is kept


def test_a_kernel_reading_the_lod_is_verified_with_a_lod_too(dry: dict[str, Any]) -> None:
    """LodCopyKernel reads `x.lod`: its first plain case and a LoD case (a plain kernel,
    AnnotatedKernel, runs its first plain case only)."""
    got = {r["kernel"]: r for r in dry["doc"]["kernels"]}
    assert {v["cases"] for v in got["LodCopyKernel"]["verify"]} == {2}
    assert {v["cases"] for v in got["AnnotatedKernel"]["verify"]} == {1}


def test_the_write_breaks_no_module_and_no_op_left_legacy(written: dict[str, Any]) -> None:
    before, after = written["before"], written["after"]
    assert set(before["imported"].values()) == {"ok"}
    assert after["imported"] == before["imported"]
    migrated = {r["op"] for r in written["doc"]["kernels"] if r["status"] == "migrated"}
    assert migrated and written["doc"]["written"]
    assert after["ran"] == {op: v for op, v in before["ran"].items() if op not in migrated}
    assert "team_pkg_lookup" in after["ran"]
    assert written["code"] == 0


def test_a_migrated_class_still_used_is_kept_unregistered(written: dict[str, Any]) -> None:
    """Each kept class stands as it was, before its new kernel, and no longer registers."""
    pkg = written["pkg"]
    for module, cls, fn in (("acts.py", "SoftsignKernel", "team_pkg_softsign_kernel"),
                            ("compose.py", "RoundKernel", "team_pkg_round_kernel"),
                            ("compose.py", "RoundHalfKernel", "team_pkg_round_half_kernel")):
        text = (pkg / module).read_text()
        original = (HERE / "corpus" / PACKAGE / module).read_text()
        start = original.index(f"class {cls}(")
        body = original[start:original.index("\n\n\n", start)]
        assert body in text and text.index(body) < text.index(f"def {fn}("), (module, cls)
        assert f", {cls}," not in text and f"({cls}," not in text, (module, cls)


def test_a_composing_kernel_calls_the_composed_kernels_function(written: dict[str, Any]
                                                                ) -> None:
    compose = (written["pkg"] / "compose.py").read_text()
    assert "    team_pkg_abs_kernel(dev_ctx, x, out)\n" in compose
    assert "class AbsKernel" not in compose and "AbsKernel()" not in compose


def test_a_sibling_modules_kernel_composed_is_imported_and_called(written: dict[str, Any]
                                                                  ) -> None:
    reuse = (written["pkg"] / "reuse.py").read_text()
    assert "from .acts import SoftsignMaker, SoftsignOp, team_pkg_softsign_kernel\n" in reuse
    assert "    team_pkg_softsign_kernel(dev_ctx, x, out)\n" in reuse


def test_a_sibling_kernel_held_back_is_composed_no_more(tmp_path: Path) -> None:
    """acts.py's softsign held back after the run (as verify or a held record does): the
    module composing it is migrated again without it, its kernel legacy."""
    pkg = copy_package(tmp_path)
    files = discover([pkg])
    results = run_codemod(files)
    acts, reuse = (next(i for i, f in enumerate(files) if f.name == n)
                   for n in ("acts.py", "reuse.py"))
    assert results[reuse].foreign and "team_pkg_softsign_kernel" in results[reuse].new_text
    results[acts] = remigrate(files[acts], results[acts], {"team_pkg_softsign": "held"})
    assert recheck_foreign(files, results) == [reuse]
    row = next(r for r in results[reuse].records if r.kernel == "SoftsignTwiceKernel")
    assert row.status == "skipped" and "passes the ExecutionContext 'ctx' on" in row.reason
    assert results[reuse].new_text == results[reuse].old_text


def test_a_private_constant_a_sibling_imports_is_kept(written: dict[str, Any]) -> None:
    """`_CUBE_TYPES` stays exactly as long as a module of the written tree still imports
    it: reuse.py's registration, its only use, migrates in the same write, so it goes."""
    acts = (written["pkg"] / "acts.py").read_text()
    reuse = (written["pkg"] / "reuse.py").read_text()
    assert "def team_pkg_cube_kernel" in acts
    assert ("_CUBE_TYPES = (" in acts) == ("_CUBE_TYPES" in reuse)
    assert "_CUBE_TYPES" not in reuse
    assert set(written["after"]["imported"].values()) == {"ok"}
