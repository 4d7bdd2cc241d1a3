"""The codemod on team B's package (tests/migrate/corpus/pkg_factbase): kernels built in
one module (`kernels.py`) by a factory of another (`ufunc.py`) whose class derives from a
private base of the factory's module (issue 23). The factory's class is read as a class
statement of the calling module, its base resolved in the factory's module (where the
class reads it), so the kernels migrate, verified. The private bases only factories'
classes derive from (`_UfuncBase`, and `_ShiftBase` of a `type(...)` factory another
module calls, whose kernel stays legacy) are no kernels: no rows, before or after the
write. A kernel registered in `ufunc.py` whose only user is a subclass in `heirs.py` that
migrates in the same run goes with its migration: the subclass's module drops its import,
so nothing would use the class any more. After `--write` every module still imports,
every op computes what it computed before, and a second run changes nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import (
    assert_module_rows,
    assert_nothing_broken,
    console,
    write_copy,
)

from migrate.cli_entry import run_migrate

PACKAGE = "pkg_factbase"
F32 = {"CPU": ["FLOAT32"]}
EXPECTED: dict[str, dict[str, tuple[str, str, str, Any]]] = {
    "heirs.py": {"QuarterKernel": ("migrated", "fb_quarter", "", F32)},
    "kernels.py": {"TripleKernel": ("migrated", "fb_triple", "", {"CPU": ["FLOAT32", "FLOAT64"]}),
                   "HalfKernel": ("migrated", "fb_half", "", F32)},
    # built by `type("ShiftKernel", (_ShiftBase,), {"SHIFT": shift})`: read as the class
    # statement it stands for
    "shifted.py": {"PlusOneKernel": ("migrated", "fb_plus_one", "", F32)},
    "ufunc.py": {"ScaleKernel": ("migrated", "fb_scale", "", F32)},
}


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE)


def test_every_kernel_has_its_exact_row(written: dict[str, Any]) -> None:
    assert_module_rows(written, EXPECTED)


def test_the_write_breaks_nothing_and_every_op_computes_as_before(written: dict[str, Any]
                                                                  ) -> None:
    migrated = {"fb_triple", "fb_half", "fb_scale", "fb_quarter"}
    assert_nothing_broken(written, migrated)
    before, after = written["before"], written["after"]
    assert {op: after["phi_ran"][op] for op in migrated} == {
        op: before["ran"][op] for op in migrated}
    assert before["ran"]["fb_triple"] != before["ran"]["fb_half"]


def test_the_factorys_class_is_read_with_its_base(written: dict[str, Any]) -> None:
    kernels = (written["pkg"] / "kernels.py").read_text()
    # the base's compute, with the factory's SCALE bound to the call's argument
    assert "dev_ctx.alloc(out, x.dtype)[...] = x.data * 3.0" in kernels
    assert "dev_ctx.alloc(out, x.dtype)[...] = x.data * 0.5" in kernels
    # nothing of the factory or its base is left (or imported) in the calling module
    for gone in ("make_kernel", "_UfuncBase", "TripleKernel =", "HalfKernel ="):
        assert gone not in kernels, gone
    ufunc = (written["pkg"] / "ufunc.py").read_text()
    assert "class _UfuncBase(OpKernel):" in ufunc and "def make_kernel(" in ufunc


def test_a_base_whose_only_user_migrated_goes_with_it(written: dict[str, Any]) -> None:
    ufunc = (written["pkg"] / "ufunc.py").read_text()
    heirs = (written["pkg"] / "heirs.py").read_text()
    assert "class ScaleKernel" not in ufunc and "kept, unregistered" not in ufunc
    assert "def fb_scale_kernel(" in ufunc
    # the subclass read its base's compute and FACTOR; its module names the base no more
    assert "dev_ctx.alloc(out, x.dtype)[...] = x.data * 0.25" in heirs
    assert "ScaleKernel" not in heirs
    assert "from .ufunc import UfuncMaker, UfuncOp\n" in heirs


def test_a_second_run_changes_nothing_and_rows_no_base(written: dict[str, Any],
                                                       tmp_path: Path) -> None:
    pkg = written["pkg"]
    texts = {p: p.read_text() for p in pkg.rglob("*.py")}
    out = tmp_path / "again.json"
    assert run_migrate([pkg], write=True, verify=False, json_path=out, console=console()) == 0
    assert {p: p.read_text() for p in pkg.rglob("*.py")} == texts
    rows = {r["kernel"]: r for r in json.loads(out.read_text())["kernels"]}
    # the factories' bases stay no kernels although nothing calls make_kernel any more
    assert rows == {}, rows
