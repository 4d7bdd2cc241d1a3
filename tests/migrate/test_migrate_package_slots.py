"""The codemod on a package reaching everything through `core` (tests/migrate/corpus/
pkg_slots): each ops module star-imports `core` and also imports some of the same names
explicitly (`from ..core import REAL`, `from ..core.regutil import register_many`), and its
kernels call `core.ctxutil` helpers taking ctx and the slot or attribute name to read
(`alloc_like(ctx, "Out", x)`, `attr_or(ctx, "alpha", 1.0)`, a class constant `self.OUT`).
`ops/starred.py` reaches the framework only through `core/fw.py`'s star imports of its
modules, which have no `__all__` (their public names, `DataType` and `DataLayout` among
them, read as the framework's: the module gets a row per kernel and migrates).

A name bound both ways to one origin is read; a helper's slot-name parameter given a string
literal is that name in the call's lifted copy; one given a computed value stays legacy,
saying so. After `--write` every module imports and each op gives what it gave before.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import assert_nothing_broken, run_package_ops, verified_rows, write_copy

PACKAGE = "pkg_slots"

EXPECTED = {
    "ReluInplaceKernel": ("migrated", ""),
    "NegNamedKernel": ("migrated", ""),
    "AffineKernel": ("migrated", ""),
    "HalfKernel": ("migrated", ""),
    "PickedSlotKernel": ("skipped", "passes ctx to alloc_like(), which reads the slot or "
                                    "attribute its parameter 'slot' names, given "
                                    "`OUT_SLOTS[0]` here: a computed name (a string literal "
                                    "is read as that name)"),
}
MIGRATED_OPS = ("sl_relu_", "sl_neg_named", "sl_affine", "sl_half")


def run_ops(root: Path, mode: str) -> dict[str, Any]:
    cases = {op: [{"alpha": 3.0, "beta": -1.0}] for op in (*MIGRATED_OPS, "sl_picked")}
    return run_package_ops(root, ["pkg_slots"], cases, mode, legacy=frozenset({"sl_picked"}))


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("slots"), PACKAGE, run_ops)


def test_every_kernel_has_its_row(written: dict[str, Any]) -> None:
    got = verified_rows(written)
    assert {k: (r["status"], r["reason"]) for k, r in got.items()} == EXPECTED
    assert {r["op"] for r in got.values()} == {*MIGRATED_OPS, "sl_picked"}
    for kernel in ("ReluInplaceKernel", "AffineKernel", "HalfKernel"):
        assert got[kernel]["dtypes"] == {"CPU": ["FLOAT32", "FLOAT64"]}, got[kernel]


def test_the_write_breaks_no_module_and_the_ops_keep_their_values(written: dict[str, Any]
                                                                  ) -> None:
    assert_nothing_broken(written, MIGRATED_OPS)
    ops = written["before_ops"]
    # x = linspace(-2, 2, 12): relu(-2) = 0, -(-2) = 2, 3 * -2 - 1 = -7, |-2| = 2
    assert [ops[f"{op} {{'alpha': 3.0, 'beta': -1.0}}"][0][0] for op in
            ("sl_relu_", "sl_neg_named", "sl_affine", "sl_picked", "sl_half")] == [
                0.0, 2.0, -7.0, 2.0, -3.0]


def test_slot_name_parameters_become_the_literals_of_each_call(written: dict[str, Any]) -> None:
    inplace = (written["pkg"] / "ops" / "inplace.py").read_text()
    helped = (written["pkg"] / "ops" / "helped.py").read_text()
    # `out = ctx.output(slot)` read as the kernel's `out`; the slot parameter gone
    assert "def _alloc_like(like, *, dev_ctx, out):\n    return dev_ctx.alloc(out, " \
           "like.dtype)\n" in inplace, inplace
    assert "data = _alloc_like(x, dev_ctx=dev_ctx, out=out)" in inplace
    assert "def _data_of(*, x):\n    return x.data\n" in inplace, inplace
    # one copy per attribute name read
    assert "def _attr_or(default, *, alpha):\n" in helped, helped
    assert "_attr_or(default, *, beta):\n" in helped, helped
    assert "register_many(" not in helped and "from ..core import *" in helped, helped
    computed = (written["pkg"] / "ops" / "computed.py").read_text()
    assert "class PickedSlotKernel(OpKernel):" in computed
