"""The codemod on a package whose modules bind names the generated code needs to their own
things (tests/migrate/corpus/pkg_ownnames): a registration helper of the team's called
`register_kernel` (imported, or defined in the module) and a module-level `DenseTensor`
record. The new code imports the framework's names under an alias
(`register_kernel as phi_register_kernel`, `DenseTensor as PhiDenseTensor`) and every use
of the team's names keeps meaning what it meant."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import assert_module_rows, run_script, write_copy

PACKAGE = "pkg_ownnames"
FLOATS = {"CPU": ["FLOAT32", "FLOAT64"]}

_RUN_OPS = '''
import importlib, json, sys
import numpy as np
from compat.single_op import run_single_op
sys.path.insert(0, sys.argv[1])
importlib.import_module("pkg_ownnames")
registry = importlib.import_module("pkg_ownnames.registry")
shifted = importlib.import_module("pkg_ownnames.shifted")
x = np.linspace(-2, 2, 12, dtype=np.float32).reshape(3, 4)
runs = {}
for op in ("on_scaled", "on_shift"):
    got, trace = run_single_op(op, {"X": x}, {}, {"Out": 1})
    runs[op] = got["Out"][0].tolist()
print(json.dumps({"runs": runs, "registered": sorted(map(list, registry.REGISTERED)),
                  "record": list(shifted.describe("t", [2, 3]))}))
'''


def run_ops(root: Path, mode: str) -> dict[str, Any]:
    return run_script(_RUN_OPS, str(root))


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE, run_ops)


def test_rows_and_nothing_broken(written: dict[str, Any]) -> None:
    assert_module_rows(written, {
        "scaled.py": {
            "OnScaledKernel": ("migrated", "on_scaled", "migrated; legacy registration kept: "
                               "`register_kernel(\"on_scaled\", OnScaledKernel)` also records "
                               "it in REGISTERED", FLOATS),
            "OnJitterKernel": ("skipped", "on_jitter", "OnJitterKernel defines __init__", []),
        },
        "shifted.py": {"OnShiftKernel": ("migrated", "on_shift", "", FLOATS)},
        "registry.py": {}, "__init__.py": {},
    })
    before, after = written["before"], written["after"]
    assert after["imported"] == before["imported"] and set(before["imported"].values()) == {"ok"}
    assert after["ran"]["on_jitter"] == before["ran"]["on_jitter"]  # left legacy
    assert "on_shift" not in after["ran"]  # migrated plainly: no legacy kernel left
    assert written["after_ops"]["runs"] == written["before_ops"]["runs"]
    # the team's helper still books what it booked; its record type is still its own
    assert written["after_ops"]["registered"] == written["before_ops"]["registered"]
    assert written["after_ops"]["record"] == ["t", [2, 3]]


def test_the_framework_names_come_under_an_alias(written: dict[str, Any]) -> None:
    scaled = (written["pkg"] / "scaled.py").read_text()
    assert "from phi.core.kernel_registry import register_kernel as phi_register_kernel\n" \
        in scaled
    assert "from .registry import register_kernel\n" in scaled
    assert '\n@phi_register_kernel("on_scaled", Backend.CPU, DataLayout.ALL_LAYOUT,\n' \
        '                     [DataType.FLOAT32, DataType.FLOAT64])\n' in scaled
    assert '\nregister_kernel("on_scaled", OnScaledKernel)\n' in scaled
    assert '\nregister_kernel("on_jitter", OnJitterKernel)\n' in scaled
    shifted = (written["pkg"] / "shifted.py").read_text()
    assert "from phi.core.dense_tensor import DenseTensor as PhiDenseTensor\n" in shifted
    assert "x: PhiDenseTensor, out: OutTensor" in shifted
    assert '\nDenseTensor = namedtuple("DenseTensor", "name shape")\n' in shifted
