"""The codemod on a package whose kernels check attribute values against a class-level
table of allowed values (tests/migrate/corpus/pkg_modes): a mixin's helper loops over
`self.MODES.items()`, reads `ctx.attr(name)` and raises naming `ctx.op_type`. Where nothing
changes the table the loop unrolls (both loop variables spelled as each entry's literals,
`ctx.op_type` the op's name) and the kernel migrates, raising the same error for a value
the table does not allow; where a function changes the table at run time the kernel is
refused, naming why."""

from __future__ import annotations

from typing import Any

import pytest
from migrate_helpers import (
    assert_nothing_broken,
    run_package_ops,
    verified_rows,
    write_copy,
)

PACKAGE = "pkg_modes"
_LOOSE = ("passes ctx to check_modes(): reads by the names self.MODES holds, which are not "
          "provably constant ('MODES' is also assigned outside its class body)")
_CASES = {"md_scale_norm": [{"mode": m, "scale": 2.0} for m in ("l1", "l2", "max", "l0")]}


def _run_ops(root: Any, mode: str) -> Any:
    return run_package_ops(root, [f"{PACKAGE}.ops", f"{PACKAGE}.loose"], _CASES, mode)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE, _run_ops)


def test_the_constant_table_unrolls_and_the_changed_one_is_refused(
        written: dict[str, Any]) -> None:
    got = verified_rows(written)
    assert {k: (r["status"], r["op"]) for k, r in got.items()} == {
        "ScaleNormKernel": ("migrated", "md_scale_norm"),
        "LooseNormKernel": ("skipped", "md_loose_norm")}
    assert got["LooseNormKernel"]["reason"].startswith(_LOOSE), got["LooseNormKernel"]
    assert_nothing_broken(written, {"md_scale_norm"})


def test_the_migrated_check_raises_what_the_legacy_one_raised(written: dict[str, Any]) -> None:
    before, after = written["before_ops"], written["after_ops"]
    assert after == before
    bad = before["md_scale_norm {'mode': 'l0', 'scale': 2.0}"]
    assert bad == "op 'md_scale_norm': mode='l0', expected one of ('l1', 'l2', 'max')"
    assert len({str(v) for v in before.values()}) == 4  # each mode computes its own values
    ops = (written["pkg"] / "ops.py").read_text()
    assert "def _check_modes(*, mode):" in ops and ".items()" not in ops
    assert "class LooseNormKernel" in (written["pkg"] / "loose.py").read_text()
