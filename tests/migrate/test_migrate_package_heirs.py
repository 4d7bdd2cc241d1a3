"""The codemod on team H's package (tests/migrate/corpus/pkg_heirs): kernels registered by
a class decorator (`@serves(...)`, handing the class back unchanged) and subclasses of them
registered by plain statements, in another module (`scaled.py`) and in the same one. A class
decorator runs on the class it decorates only, so a subclass reads the decorated base's
members as if undecorated and migrates; its base migrates too, removed with its module's
subclass or with the other module's subclass that was its only user (whose import goes).
A decorator that changes the class (`serves_tagged` sets `klass.op_tag`) is not read
statically: its class migrates on the keys importing the tree shows, kept with its legacy
registration (`live_registrations`), and the subclass stays legacy, its row naming the
decorator. After `--write` every
module still imports and every op computes what it computed before."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import console, run_package_ops, verified_rows, write_copy

from migrate.cli_entry import run_migrate

PACKAGE = "pkg_heirs"
TAGGED = "class decorator @serves_tagged(\"hr_tagged\", *FLOATS) on TaggedKernel"
EXPECTED = {
    ("basic.py", "SoftsignKernel"): ("migrated", "hr_softsign", ""),
    ("basic.py", "TaggedKernel"): (
        "migrated", "hr_tagged", "migrated; legacy registration kept: registered by "
        "`@serves_tagged(\"hr_tagged\", *FLOATS)`, which the codemod cannot read; keys from "
        "importing the tree"),
    ("basic.py", "SoftplusKernel"): ("migrated", "hr_softplus", ""),
    ("basic.py", "HalfSoftplusKernel"): ("migrated", "hr_half_softplus", ""),
    ("scaled.py", "ScaledSoftsignKernel"): ("migrated", "hr_scaled_softsign", ""),
    ("scaled.py", "ScaledTaggedKernel"): ("skipped", "hr_scaled_tagged", TAGGED),
}
LEGACY = frozenset({"hr_tagged", "hr_scaled_tagged"})
CASES: dict[str, list[dict[str, Any]]] = {
    op: [{}, {"gain": 3.0}] if "scaled" in op else [{}]
    for op in {op for _, op, _ in EXPECTED.values()} - {"?"} | {"hr_tagged"}}
MODULES = [f"{PACKAGE}.basic", f"{PACKAGE}.scaled"]


def run_ops(root: Path, mode: str) -> dict[str, Any]:
    return run_package_ops(root, MODULES, CASES, mode, LEGACY)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE, run_ops)


def test_every_kernel_has_its_exact_row(written: dict[str, Any]) -> None:
    rows = verified_rows(written, lambda r: (Path(r["file"]).name, r["kernel"]))
    assert {k: (r["status"], r["op"], r["reason"]) for k, r in rows.items()} == EXPECTED
    assert written["doc"]["written"]
    dtypes = {r["kernel"]: r["dtypes"] for r in written["doc"]["kernels"]}
    # the base's decorator serves the GPU too; the subclass only what its loop registers
    assert set(dtypes["SoftsignKernel"]) == {"CPU", "GPU"}
    assert set(dtypes["ScaledSoftsignKernel"]) == {"CPU"}


def test_the_write_breaks_nothing_and_every_op_computes_as_before(written: dict[str, Any]
                                                                  ) -> None:
    before, after = written["before"], written["after"]
    assert set(before["imported"].values()) == {"ok"}
    assert after["imported"] == before["imported"]
    assert written["after_ops"] == written["before_ops"]
    ran = written["before_ops"]
    assert all(isinstance(v, list) for v in ran.values()), ran
    # the attribute reaches the subclass's apply(): its two cases differ
    assert ran["hr_scaled_softsign {}"] != ran["hr_scaled_softsign {'gain': 3.0}"]


def test_the_bases_are_kept_or_removed_with_their_users(written: dict[str, Any]) -> None:
    basic = (written["pkg"] / "basic.py").read_text()
    scaled = (written["pkg"] / "scaled.py").read_text()
    # scaled.py imported it for its subclass only, which migrated: no user is left
    assert "class SoftsignKernel(" not in basic
    assert "@serves(" not in basic
    for gone in ("class SoftplusKernel", "class HalfSoftplusKernel"):
        assert gone not in basic
    assert '@serves_tagged("hr_tagged", *FLOATS)\nclass TaggedKernel(' in basic
    assert "class ScaledSoftsignKernel" not in scaled and "SoftsignKernel," not in scaled
    assert "def hr_scaled_softsign_kernel(" in scaled
    assert "class ScaledTaggedKernel(TaggedKernel):" in scaled


def test_a_second_run_changes_nothing(written: dict[str, Any]) -> None:
    pkg = written["pkg"]
    texts = {p: p.read_text() for p in pkg.rglob("*.py")}
    assert run_migrate([pkg], write=True, verify=False, console=console()) == 0
    assert {p: p.read_text() for p in pkg.rglob("*.py")} == texts
