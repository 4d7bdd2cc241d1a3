"""The codemod on a package whose kernels and makers build on bases of another module of
it (tests/migrate/corpus/pkg_bases): the tree given is the unit.

`maps.py` imports from `shared.py` a template kernel base (compute() calling `self.fn`
and a module-level helper of shared.py), a mixin with a class constant, makers to extend
(one subclass without make(), one whose make() calls `super().make()` of the other
module) and the framework's own `DataType` / `AttrType`, re-exported by shared.py. The
bases are read from shared.py as the codemod reads a base of the same module (C3 MRO,
constants, overridden helpers); shared.py registers no kernel and is not rewritten.
`rebind.py` binds a name of its own that the base's compute() reads: written there, the
compute would call the wrong function, so its kernel stays legacy with that reason.

After `--write` every module still imports, the op left legacy computes what it did, and
each migrated op (run through its PHI kernel) gives the values its legacy kernel gave.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import run_package_ops, write_copy

PACKAGE = "pkg_bases"
HERE = Path(__file__).resolve().parent

#: module -> kernel class -> (status, the reason, exactly)
EXPECTED: dict[str, dict[str, tuple[str, str]]] = {
    "maps.py": {
        "CubeKernel": ("migrated", ""),  # MapBase.compute + its own static fn
        "SquarePlusOneKernel": ("migrated", ""),  # PowerMixin.fn, OFFSET of its own
        "Pow3Kernel": ("migrated", ""),  # POWER of its own, read through the mixin
        "ScaledKernel": ("migrated", ""),  # ScaledMaker: no make(), its parent's
        "BoundKernel": ("migrated", ""),  # BoundMaker.make: super().make() of shared.py
    },
    "rebind.py": {
        "HalfKernel": ("skipped", "inherits from MapBase (pkg_bases/shared.py), which reads "
                                  "'shifted' (pkg_bases.shared.shifted); this module binds it "
                                  "to pkg_bases.rebind.shifted"),
    },
}
MIGRATED_OPS = ("bases_cube", "bases_square_plus_one", "bases_pow3", "bases_scaled",
                "bases_bound")


def run_ops(root: Path, mode: str) -> dict[str, Any]:
    return run_package_ops(root, ["pkg_bases.maps", "pkg_bases.rebind"],
                           {op: [{}] for op in MIGRATED_OPS}, mode)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("bases"), PACKAGE, run_ops)


def test_every_kernel_built_on_another_modules_base_has_its_row(written: dict[str, Any]
                                                                 ) -> None:
    got = {(Path(r["file"]).name, r["kernel"]): r for r in written["doc"]["kernels"]}
    for module, kernels in EXPECTED.items():
        assert {k for m, k in got if m == module} == set(kernels), module
        for kernel, (status, reason) in kernels.items():
            row = got[(module, kernel)]
            assert (row["status"], row["reason"]) == (status, reason), row
    migrated = [r for r in written["doc"]["kernels"] if r["status"] == "migrated"]
    assert {r["op"] for r in migrated} == set(MIGRATED_OPS)
    for r in migrated:
        assert r["verify"] and all(v["status"] == "identical" and v["reimported"]
                                   for v in r["verify"]), r
    assert written["code"] == 0


def test_the_base_module_is_read_not_rewritten(written: dict[str, Any]) -> None:
    for module in ("shared.py", "rebind.py", "__init__.py"):
        assert (written["pkg"] / module).read_bytes() == \
            (HERE / "corpus" / PACKAGE / module).read_bytes(), module


def test_the_write_breaks_no_module_and_the_ops_keep_their_values(written: dict[str, Any]
                                                                  ) -> None:
    before, after = written["before"], written["after"]
    assert set(before["imported"].values()) == {"ok"}
    assert after["imported"] == before["imported"]
    assert after["ran"] == {op: v for op, v in before["ran"].items()
                            if op not in MIGRATED_OPS}
    assert "bases_half" in after["ran"]  # rebind.py's op, left legacy
    # each migrated op, through its PHI kernel now, gives what its legacy kernel gave
    assert written["after_ops"] == written["before_ops"]
    assert written["before_ops"]["bases_square_plus_one {}"][0][0] == pytest.approx(5.0)


def test_the_bases_code_is_written_with_what_it_reads(written: dict[str, Any]) -> None:
    """MapBase's compute reads shared.shifted (imported into maps.py for it); the mixin's
    constant is the subclass's; DataType comes, as before, from shared.py's re-export."""
    maps = (written["pkg"] / "maps.py").read_text()
    assert "    shifted,\n)" in maps
    assert "    data[...] = shifted(_square_plus_one_kernel_fn(dev_ctx.xp, x.data), 1.0)\n" \
        in maps
    assert "def _pow3_kernel_fn(xp: Any, x: Any) -> Any:\n    return x ** 3\n" in maps
    assert "from typing import Any\n" in maps
    assert "from phi.common import Backend, DataLayout\n" in maps  # DataType: shared's
    assert "class ScaledMaker(XOutFactorMaker):" in maps  # makers and operator stay
    # the bases are read no more: their imports go (shared.py stays imported for the rest)
    assert "    MapBase,\n" not in maps and "    PowerMixin,\n" not in maps
