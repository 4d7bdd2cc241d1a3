"""The codemod on a package whose kernels call a helper of another module reading names
their own module does not import (tests/migrate/corpus/pkg_helper_names).

`alloc.py`'s `alloc_out(ctx, slot="Out", widen=False, like="X") -> Any` reads `DataType`
(from `phi.common`) and `Any` (from `typing`, in an annotation the lifted copy keeps);
`kernels.py` binds neither: its lifted copy imports them from where alloc.py gets them.
The kernels call `alloc_out(ctx)`: the slots it reads are its parameters' defaults.
`rebound.py` binds `Any = object`: its kernel stays legacy, the reason naming both.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import assert_nothing_broken, run_package_ops, verified_rows, write_copy

PACKAGE = "pkg_helper_names"
HERE = Path(__file__).resolve().parent

#: kernel class -> (status, the reason, exactly)
EXPECTED = {
    "HalfKernel": ("migrated", ""),
    "ReboundHalfKernel": ("skipped", "passes ctx to alloc_out() of alloc.py, which reads 'Any' "
                                     "(typing.Any); this module binds it to "
                                     "pkg_helper_names.rebound.Any"),
}
MIGRATED_OPS = ("helper_half",)


def run_ops(root: Path, mode: str) -> dict[str, Any]:
    cases = {op: [{"k": 0.5}] for op in MIGRATED_OPS}
    return run_package_ops(root, ["pkg_helper_names.kernels"], cases, mode)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("helper_names"), PACKAGE, run_ops)


def test_every_kernel_has_its_row(written: dict[str, Any]) -> None:
    got = verified_rows(written)
    assert {k: (r["status"], r["reason"]) for k, r in got.items()} == EXPECTED


def test_the_write_breaks_no_module_and_the_ops_keep_their_values(written: dict[str, Any]
                                                                  ) -> None:
    assert_nothing_broken(written, MIGRATED_OPS)
    assert "helper_rebound_half" in written["after"]["ran"]


def test_the_lifted_copy_imports_what_the_helper_reads(written: dict[str, Any]) -> None:
    kernels = (written["pkg"] / "kernels.py").read_text()
    assert "from typing import Any\n" in kernels
    assert "from phi.common import " in kernels and "DataType" in kernels
    assert "def _alloc_out(widen: bool = False, *, dev_ctx, out, x) -> Any:\n" in kernels
    assert "    dtype = DataType.FLOAT64 if widen else x.dtype\n" in kernels
    assert "    _alloc_out(dev_ctx=dev_ctx, out=out, x=x)[...] = x.data * k\n" in kernels
    assert (written["pkg"] / "alloc.py").read_bytes() == \
        (HERE / "corpus" / PACKAGE / "alloc.py").read_bytes()
    assert (written["pkg"] / "rebound.py").read_bytes() == \
        (HERE / "corpus" / PACKAGE / "rebound.py").read_bytes()
