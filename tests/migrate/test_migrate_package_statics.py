"""The codemod on kernels calling static and class methods through a kernel class's name
(tests/migrate/corpus/pkg_statics, issue 23, cm42): `HypotKernel._hypot(ctx.xp, ...)` in
the class's own compute(), in a subclass's, in a sibling kernel's, and a classmethod through
the kernel's own class, are lifted as `self._hypot(...)` is; a sibling's classmethod stays
called through the sibling (kept for its users). Negative twin: a plain method called
through the kernel's own class (`DescribedKernel.describe(self, x)`) stays legacy, named.
After `--write` every op computes what it computed before.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import run_package_ops, verified_rows, write_copy

PACKAGE = "pkg_statics"
_OPS = ("st_hypot", "st_cube_hypot", "st_leg", "st_described", "st_borrowed")
CASES = {op: [{}, {"scale": 2.0}, {"scale": -1.5}] for op in _OPS}
_LEGACY = frozenset({"st_described"})


def _run(root: Path, mode: str) -> Any:
    return run_package_ops(root, [f"{PACKAGE}.ops.hypot"], CASES, mode,
                           legacy=_LEGACY if mode == "phi" else frozenset())


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("statics"), PACKAGE, _run)


def test_static_methods_named_through_their_class_migrate(written: dict[str, Any]) -> None:
    got = verified_rows(written)
    assert {k: r["status"] for k, r in got.items()} == {
        "HypotKernel": "migrated", "CubeHypotKernel": "migrated", "LegKernel": "migrated",
        "DescribedKernel": "skipped", "BorrowedPowerKernel": "migrated"}
    assert got["DescribedKernel"]["reason"].startswith(
        "calls DescribedKernel.describe(), which is no staticmethod or classmethod"), got
    assert written["after_ops"] == written["before_ops"]
    assert len({str(v) for v in written["before_ops"].values()}) > 5  # the ops differ


def test_the_lifted_helpers_are_the_methods_as_each_class_sees_them(written: dict[str, Any]
                                                                   ) -> None:
    text = (written["pkg"] / "ops" / "hypot.py").read_text()
    assert "def _hypot(xp, x, y, out=None):" in text
    assert "_hypot(dev_ctx.xp, x.data, scale * x.data, out=out)" in text
    # the classmethod read through CubeHypotKernel: its cls.EXPONENT is the subclass's 3
    assert "return xp.abs(x) ** 3" in text
    # a sibling's classmethod stays called through the sibling, kept for its users
    assert "out[...] = CubeHypotKernel._power(dev_ctx.xp, x.data)" in text
    assert "class CubeHypotKernel(HypotKernel):" in text
    # the generated kernels call the lifted helper (a kept class keeps its own compute)
    kernels = [ast.get_source_segment(text, f) or "" for f in ast.parse(text).body
               if isinstance(f, ast.FunctionDef) and f.name.endswith("_kernel")]
    assert kernels and not any("HypotKernel._hypot(" in k for k in kernels)
