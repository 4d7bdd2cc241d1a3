"""The codemod on team U's package (tests/migrate/corpus/pkg_unread), whose kernels are
registered in ways the static reader does not follow: a table of row objects a helper
loops over (`tables.py`), a class decorator that also sets a class attribute and a helper
computing its dtypes from a module table (`tagged.py`), and an op whose CPU kernel is
registered plainly and its GPU kernel through the table (`split.py`). When verify runs, the tree is
imported once (`live_registrations`) and those kernels migrate with their legacy
registration kept, for exactly the keys the live registry shows, and are verified. A kernel
built by `type(...)`, one registered for an op no module declares (`orphan.py`) and the
kernels of a module that does not import (`broken.py`) stay legacy, saying why; a dry run
without verify reads nothing live."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import CORPUS, console, run_package_ops, verified_rows, write_copy

from migrate.cli_entry import run_migrate

PACKAGE = "pkg_unread"
KEPT = "migrated; legacy registration kept: registered by `"
LIVE = "`, which the codemod cannot read; keys from importing the tree"
UNREAD = "registration not statically readable"
FLOATS = ["FLOAT32", "FLOAT64"]
EXPECTED: dict[tuple[str, str], tuple[str, str, str, dict[str, list[str]]]] = {
    ("tables.py", "DoubleKernel"): ("migrated", "ur_double", f"{KEPT}register_rows([{LIVE}",
                                    {"CPU": FLOATS, "GPU": FLOATS}),
    ("tables.py", "HalveKernel"): ("migrated", "ur_halve", f"{KEPT}register_rows([{LIVE}",
                                   {"CPU": FLOATS}),
    ("tagged.py", "NegateKernel"): (
        "migrated", "ur_negate", f"{KEPT}@tagged_kernel(\"ur_negate\"){LIVE}", {"CPU": FLOATS}),
    ("tagged.py", "SquareKernel"): (
        "migrated", "ur_square",
        f"{KEPT}helpers.register_built(\"ur_square\", SquareKernel){LIVE}", {"CPU": FLOATS}),
    # one op, its CPU kernel registered plainly (its registration goes), its GPU kernel
    # through the table (kept): each covers its own keys
    ("split.py", "SplitCpuKernel"): ("migrated", "ur_split", "", {"CPU": FLOATS}),
    ("split.py", "SplitGpuKernel"): (
        "migrated", "ur_split", f"{KEPT}register_rows([Row(\"ur_split\", SplitGpuKernel, "
        f"places=(\"GPU\",))]){LIVE}", {"GPU": FLOATS}),
    # its maker read from a factory of helpers.py (imports added for that reading): the
    # live keys still match the class statement's lines in the file
    ("built.py", "PlusKernel"): ("migrated", "ur_plus",
                                 f"{KEPT}register_rows([Row(\"ur_plus\", PlusKernel)]){LIVE}",
                                 {"CPU": FLOATS}),
    ("tables.py", "TripleKernel"): ("skipped", "?", "built by type(...) at run time", {}),
    ("orphan.py", "MysteryKernel"): ("skipped", "ur_mystery", UNREAD, {}),
    ("broken.py", "ClipKernel"): ("skipped", "ur_clip", UNREAD, {}),
}
MIGRATED = {"ur_double", "ur_halve", "ur_negate", "ur_square", "ur_split", "ur_plus"}


MODULES = [f"{PACKAGE}.{m}" for m in ("tables", "tagged", "split", "built")]


def run_ops(root: Path, mode: str) -> dict[str, Any]:
    """The migrated ops: legacy before the write, through their PHI kernels after it."""
    return run_package_ops(root, MODULES, {op: [{}] for op in sorted(MIGRATED)}, mode)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE, run_ops)


def test_every_kernel_has_its_row_and_the_live_ones_are_verified(
        written: dict[str, Any]) -> None:
    rows = verified_rows(written, lambda r: (Path(r["file"]).name, r["kernel"]))
    assert set(rows) == set(EXPECTED)
    for key, (status, op, reason, dtypes) in EXPECTED.items():
        row = rows[key]
        assert (row["status"], row["op"]) == (status, op), row
        assert row["reason"].startswith(reason), row
        if status == "migrated":
            assert row["reason"] == reason, row
            assert row["dtypes"] == dtypes, row
    assert "ModuleNotFoundError: No module named 'team_u_native'" in rows[
        ("broken.py", "ClipKernel")]["reason"]
    assert "op 'ur_mystery', whose proto the codemod cannot read" in rows[
        ("orphan.py", "MysteryKernel")]["reason"]
    assert {Path(p).name for p in written["doc"]["written"]} >= {"tables.py", "tagged.py",
                                                                  "split.py"}
    assert not {"broken.py", "orphan.py"} & {Path(p).name for p in written["doc"]["written"]}


def test_the_registering_statements_and_classes_stay_as_written(
        written: dict[str, Any]) -> None:
    for module in ("tables.py", "tagged.py"):
        old = (CORPUS / PACKAGE / module).read_text()
        new = (written["pkg"] / module).read_text()
        # every statement is still there, each kernel class with its decorator
        for block in old.split("\n\n\n"):
            if "import" not in block:
                assert block.strip() in new, block
    tables = (written["pkg"] / "tables.py").read_text()
    assert "\ndef ur_double_kernel(" in tables and "\ndef ur_halve_kernel(" in tables
    # every layout, as the legacy registrations (DataLayout.ANY) gave it
    assert "DataLayout.UNDEFINED" not in tables
    assert tables.count("DataLayout.ALL_LAYOUT") == 3  # ur_double: CPU and GPU; ur_halve
    split = (written["pkg"] / "split.py").read_text()
    assert 'register_op_kernel("ur_split", "CPU"' not in split
    assert "class SplitCpuKernel" not in split and "\nclass SplitGpuKernel(OpKernel):" in split
    assert 'register_rows([Row("ur_split", SplitGpuKernel, places=("GPU",))])' in split
    for module in ("broken.py", "orphan.py", "helpers.py"):
        assert (written["pkg"] / module).read_text() == (CORPUS / PACKAGE / module).read_text()


def test_nothing_the_write_leaves_legacy_breaks(written: dict[str, Any]) -> None:
    before = written["before"]
    assert before["imported"][f"{PACKAGE}.broken"] != "ok"
    after = written["after"]
    assert after["imported"] == before["imported"]
    # the kept classes still serve their ops the legacy way, as before (ur_split's CPU
    # class went with its plain registration)
    assert MIGRATED <= set(before["ran"])
    assert {op: v for op, v in after["ran"].items() if op != "ur_split"} == {
        op: v for op, v in before["ran"].items() if op != "ur_split"}
    # and through their PHI kernels the migrated ops compute what they computed
    assert written["after_ops"] == written["before_ops"]
    assert all(isinstance(v, list) for v in written["before_ops"].values())


def test_without_verify_nothing_is_read_live(tmp_path: Path) -> None:
    out = tmp_path / "dry.json"
    run_migrate([CORPUS / PACKAGE], json_path=out, console=console())
    rows = {r["kernel"]: r for r in json.loads(out.read_text())["kernels"]}
    assert all(r["status"] == "skipped" for k, r in rows.items() if k != "SplitCpuKernel"), rows
    assert rows["DoubleKernel"]["reason"].startswith(UNREAD)
    assert "importing the tree" not in rows["ClipKernel"]["reason"]


def test_a_second_run_changes_nothing(written: dict[str, Any]) -> None:
    """The classes kept registered are read back as migrated earlier, not again."""
    pkg = written["pkg"]
    texts = {p: p.read_text() for p in pkg.rglob("*.py")}
    out = pkg.parent / "second.json"
    assert run_migrate([pkg], write=True, json_path=out, console=console()) == 0
    assert {p: p.read_text() for p in pkg.rglob("*.py")} == texts
    rows = {r["kernel"]: r for r in json.loads(out.read_text())["kernels"]}
    assert rows["NegateKernel"]["reason"] == (
        "migrated by an earlier write (op 'ur_negate' runs on ur_negate_kernel); the class is "
        "kept with its legacy registration")
    assert not [r for r in rows.values() if r["status"] == "migrated"]
