"""The codemod on a kernel inheriting its compute from a kernel of another module, whose
module reads names the subclass's module does not bind (tests/migrate/corpus/pkg_inherited,
issue 23, cm43): `ops/scale_v2.py`'s `ScaleV2Kernel(ScaleV1Kernel)` runs
`legacy/scale_v1.py`'s compute(), which reads `np` (`import numpy as np`), `_sqrt` (`from
math import sqrt as _sqrt`) and `_OFFSET` (a constant of scale_v1.py). The generated kernel
imports each from where the base's module gets it. Negative twin: `DriftV2Kernel`, whose
inherited compute reads `_DRIFT`, state scale_v1.py computes at import and rebinds in a
function (an import would freeze it), stays legacy naming it.

After `--write` (verify on) every module still imports and every op computes what it
computed before.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import assert_module_rows, assert_ops_as_before, run_package_ops, write_copy

PACKAGE = "pkg_inherited"
_FLOATS = {"CPU": ["FLOAT32", "FLOAT64"]}
_DRIFT = ("inherits from DriftV1Kernel (legacy/scale_v1.py), which reads '_DRIFT', state of "
          "its module ('_DRIFT' is bound more than once in its module")
EXPECTED = {
    "scale_v1.py": {
        "ScaleV1Kernel": ("migrated", "ih_scale_v1", "migrated; class kept for ", _FLOATS),
        "DriftV1Kernel": ("migrated", "ih_drift_v1", "migrated; class kept for ", _FLOATS),
    },
    "scale_v2.py": {
        "ScaleV2Kernel": ("migrated", "ih_scale_v2", "migrated; class kept for ", _FLOATS),
        "DriftV2Kernel": ("skipped", "ih_drift_v2", _DRIFT, {}),
    },
}
OPS = ("ih_scale_v1", "ih_drift_v1", "ih_scale_v2", "ih_drift_v2")
CASES = {op: [{}, {"scale": -1.5}] for op in OPS}


def _run(root: Path, mode: str) -> Any:
    return run_package_ops(root, ["pkg_inherited.legacy.scale_v1", "pkg_inherited.ops"],
                           CASES, mode, frozenset({"ih_drift_v2"}))


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("inherited"), PACKAGE, _run)


def test_every_kernel_has_its_row_and_the_migrated_ones_verify_identical(
        written: dict[str, Any]) -> None:
    assert_module_rows(written, EXPECTED)


def test_the_inherited_compute_imports_what_its_base_module_reads(written: dict[str, Any]
                                                                   ) -> None:
    v2 = (written["pkg"] / "ops" / "scale_v2.py").read_text()
    assert "import numpy as np\n" in v2 and "from math import sqrt as _sqrt\n" in v2
    assert "from ..legacy.scale_v1 import FLOATS, _OFFSET, DriftV1Kernel," in v2
    assert "    factor = np.float32(scale) * _sqrt(4.0)\n" \
        "    out[...] = x.data * factor + _OFFSET\n" in v2
    assert "_DRIFT" not in v2  # the twin reads it in its base's module, as before


def test_the_write_breaks_nothing_and_every_op_computes_as_before(written: dict[str, Any]
                                                                  ) -> None:
    before = assert_ops_as_before(written)
    assert before["ih_scale_v2 {}"] == before["ih_scale_v1 {}"] != before["ih_drift_v2 {}"]
    assert before["ih_scale_v2 {}"] != before["ih_scale_v2 {'scale': -1.5}"]
