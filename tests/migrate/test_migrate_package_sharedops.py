"""The codemod on kernels whose PHI kernel follows their class's keys, one class serving
two ops (tests/migrate/corpus/pkg_sharedops, issue 23, cm54 part 2): `ops.py` lists each
kernel for an op and its `_v2` in the team's table (`aka(op, kernel)`), which `install()`
registers as the package is imported (float64 too for a `_v2` while `SHAREDOPS_WIDE` is
set): code the codemod cannot read, so the PHI kernels follow the classes' keys
(`followed_kernels`).

`SquareKernel` serves `so_square` and `so_square_v2`, each its own PHI kernel following
the class's keys for its op: migrated, and under `SHAREDOPS_WIDE` too each op's PHI keys
are its legacy ones. `CubeKernel` serves `so_cube` and `so_cube_v2`, which
`register_base_kernel_name` maps onto one PHI kernel: following the class's keys for one
op would leave the other op's (float64 under the gate) out, so both stay legacy, the row
naming the class and both ops. After `--write` every module imports and every op computes
what it computed before.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import (
    assert_module_rows,
    assert_ops_as_before,
    run_package_ops,
    run_script,
    write_copy,
)

PACKAGE = "pkg_sharedops"
FOLLOWED = ("migrated; legacy registration kept: registered when `install()` runs "
            "(pkg_sharedops/__init__.py:7), by code the codemod cannot read; the PHI kernel "
            "follows the class's keys")
SHARED = ("CubeKernel is registered by code the codemod cannot read for ops so_cube, "
          "so_cube_v2, which all map to PHI kernel 'so_cube': the PHI kernel would follow "
          "the class's keys for one op only")
_F32 = {"CPU": ["FLOAT32"]}
EXPECTED = {"ops.py": {"SquareKernel": ("migrated", "so_square", FOLLOWED, _F32),
                       "CubeKernel": ("skipped", "so_cube", SHARED, _F32)}}
OPS = ("so_square", "so_square_v2", "so_cube", "so_cube_v2")
LEGACY = frozenset({"so_cube", "so_cube_v2"})
CASES = {op: [{}] for op in OPS}
#: imports a package (argv: root, package) and prints its legacy and its PHI kernel keys
_KEYS = '''
import importlib, json, sys
from legacy_fluid.framework.op_kernel import OP_KERNELS
from phi.core.kernel_factory import KERNELS
root, package = sys.argv[1:]
sys.path.insert(0, root)
importlib.import_module(package)
legacy = {(op, key.place.kind.upper(), key.data_type.name) for (op, key), cls in OP_KERNELS.items()
          if cls.__module__.startswith(package + ".")}
phi = {(k.name, k.key.backend.name, k.key.dtype.name) for k in KERNELS
       if k.fn.__module__.startswith(package + ".")}
print(json.dumps({"legacy": sorted(legacy), "phi": sorted(phi)}))
'''


def _run(root: Path, mode: str) -> Any:
    return run_package_ops(root, [PACKAGE], CASES, mode, LEGACY)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("sharedops"), PACKAGE, _run)


def test_every_kernel_has_its_row(written: dict[str, Any]) -> None:
    rows = {(r["kernel"], r["op"]): r for r in written["doc"]["kernels"]}
    assert set(rows) == {("SquareKernel", "so_square"), ("SquareKernel", "so_square_v2"),
                         ("CubeKernel", "so_cube"), ("CubeKernel", "so_cube_v2")}
    assert_module_rows({**written, "doc": {**written["doc"], "kernels": [
        r for r in written["doc"]["kernels"] if not r["op"].endswith("_v2")]}}, EXPECTED)
    assert rows[("SquareKernel", "so_square_v2")]["reason"] == FOLLOWED
    assert rows[("CubeKernel", "so_cube_v2")]["reason"].startswith(SHARED)


def test_each_op_of_a_followed_class_follows_its_own_keys(written: dict[str, Any]) -> None:
    ops = (written["pkg"] / "ops.py").read_text()
    for op in ("so_square", "so_square_v2"):
        assert f'follow_legacy_kernel("{op}", {op}_kernel, SquareKernel)\n' in ops
    assert "so_cube_kernel" not in ops and "class CubeKernel(OpKernel):\n" in ops


@pytest.mark.parametrize("wide", ["", "1"])
def test_the_phi_keys_are_the_legacy_keys_of_each_migrated_op(
        written: dict[str, Any], monkeypatch: pytest.MonkeyPatch, wide: str) -> None:
    monkeypatch.setenv("SHAREDOPS_WIDE", wide)
    keys = run_script(_KEYS, str(written["pkg"].parent), PACKAGE)
    legacy = {tuple(k) for k in keys["legacy"]}
    phi = {tuple(k) for k in keys["phi"]}
    assert ("so_square_v2", "CPU", "FLOAT64") in legacy if wide else \
        ("so_square_v2", "CPU", "FLOAT64") not in legacy
    assert ("so_cube_v2", "CPU", "FLOAT64") in legacy if wide else \
        ("so_cube_v2", "CPU", "FLOAT64") not in legacy
    assert phi == {k for k in legacy if k[0].startswith("so_square")}


def test_the_write_breaks_nothing_and_every_op_computes_as_before(
        written: dict[str, Any]) -> None:
    before = assert_ops_as_before(written)
    assert before["so_square {}"] == before["so_square_v2 {}"] != before["so_cube {}"]
