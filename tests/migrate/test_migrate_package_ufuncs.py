"""The codemod on a package of ufunc kernels (tests/migrate/corpus/pkg_ufuncs): a kernel
class built by `type(...)` at run time gets a `skipped` row naming why, a kernel composing
it one naming the composed kernel that stays legacy, and the module's other kernels migrate
as before. After `--write` every module still imports and every op
computes what it computed before (package_probe.py, before and after, in a subprocess)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import run_script, write_copy

PACKAGE = "pkg_ufuncs"

#: (module, kernel class) -> (status, op, reason)
EXPECTED: dict[tuple[str, str], tuple[str, str, str]] = {
    ("built.py", "DoubleKernel"): ("migrated", "uf_double", ""),
    ("built.py", "HalfKernel"): (
        "skipped", "uf_half",
        'built by type(...) at run time (`HalfKernel = type("HalfKernel", (_Scaled,), '
        '{"FACTOR": 0.5})`); the codemod rewrites class statements only; not migrated'),
    ("built.py", "AliasHalfKernel"): (
        "skipped", "uf_alias_half",
        "passes the ExecutionContext 'ctx' on to HalfKernel().compute(ctx): kernel HalfKernel "
        "stays legacy (not migrated as one function this kernel can call), so this one does "
        "too"),
}

#: runs the package's ops in a subprocess (argv: root, mode of the migrated ops) and prints
#: their outputs; the ops left legacy run legacy (package_probe.py does not see a class
#: built by `type(...)` over an ABC base: its `__module__` is `abc`)
_RUN_OPS = '''
import importlib, json, sys
import numpy as np
from compat.single_op import run_single_op
root, mode = sys.argv[1], sys.argv[2]
sys.path.insert(0, root)
importlib.import_module("pkg_ufuncs.built")
x = np.linspace(-2, 2, 12, dtype=np.float32).reshape(3, 4)
modes = {"uf_double": mode, "uf_half": "legacy"}
print(json.dumps({op: run_single_op(op, {"X": x}, {}, {"Out": 1}, mode=m)[0]["Out"][0].tolist()
                  for op, m in modes.items()}))
'''


def run_ops(root: Path, mode: str) -> dict[str, Any]:
    return run_script(_RUN_OPS, str(root), mode)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE, run_ops)


def test_every_kernel_has_its_exact_row(written: dict[str, Any]) -> None:
    got = {(Path(r["file"]).name, r["kernel"]): (r["status"], r["op"], r["reason"])
           for r in written["doc"]["kernels"]}
    assert got == EXPECTED
    assert written["code"] == 0 and written["doc"]["written"]


def test_the_write_breaks_nothing_and_every_op_computes_as_before(written: dict[str, Any]
                                                                  ) -> None:
    before, after = written["before"], written["after"]
    assert set(before["imported"].values()) == {"ok"}
    assert after["imported"] == before["imported"]
    assert set(before["ran"]) == {"uf_double", "uf_alias_half"}
    assert all(isinstance(v, list) for v in before["ran"].values()), before["ran"]
    # legacy before, PHI (uf_double) and legacy (uf_half) after: the same values
    assert written["after_ops"] == written["before_ops"]
    assert written["before_ops"]["uf_half"][0][:2] == [-1.0, -0.8181818127632141]
    assert before["ran"]["uf_alias_half"] == written["before_ops"]["uf_half"]
    migrated = {r["op"] for r in written["doc"]["kernels"] if r["status"] == "migrated"}
    assert after["ran"] == {op: v for op, v in before["ran"].items() if op not in migrated}
    assert {op: after["phi_ran"][op] for op in migrated} == {
        op: before["ran"][op] for op in migrated}
    built = (written["pkg"] / "built.py").read_text()
    assert 'HalfKernel = type("HalfKernel", (_Scaled,), {"FACTOR": 0.5})\n' in built
    assert "class _Scaled(OpKernel)" in built and "class DoubleKernel" not in built
