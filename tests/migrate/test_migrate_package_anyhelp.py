"""The codemod on a package whose ctx helper is annotated with `typing.Any` and whose makers
a `type()` factory builds (tests/migrate/corpus/pkg_anyhelp), the op modules never binding
`Any` themselves.

Reading a factory's class in the calling module adds imports for what that class reads
there; those are no binding of the module's own: the factory's signature (`attrs:
list[tuple[str, AttrType, Any]]`) is no part of its class, so nothing is imported for it,
and where the class does read `Any` (`make(self: Any)`), the import added for it has the
origin the helper's `-> Any` has, so the lifted helper reads it alike. The twin module that
binds `Any` to something else keeps its kernel legacy, named.
"""

from __future__ import annotations

from typing import Any

import pytest
from migrate_helpers import (
    CORPUS,
    assert_module_rows,
    assert_nothing_broken,
    console,
    write_copy,
)

from migrate.cli_entry import run_migrate
from migrate.module_scan import scan_module

PACKAGE = "pkg_anyhelp"
OPS = CORPUS / PACKAGE / "ops"

_F = {"CPU": ["FLOAT32", "FLOAT64"]}
_REBOUND = ("passes ctx to alloc_like() of helpers.py, which reads 'Any' (typing.Any); this "
            "module binds it to pkg_anyhelp.ops.rebound.Any")
EXPECTED = {
    "masked.py": {"MaskedFillKernel": ("migrated", "q_masked_fill", "", _F)},
    "gated.py": {"GateKernel": ("migrated", "q_gate", "", _F)},
    "rebound.py": {"HalfKernel": ("skipped", "q_half", _REBOUND, {})},
}


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("anyhelp"), PACKAGE)


def test_the_reading_imports_only_what_the_factory_class_reads() -> None:
    masked = scan_module((OPS / "masked.py").read_text(), OPS / "masked.py")
    assert masked.factories is not None and masked.factories.origins  # the maker is read
    assert "Any" not in masked.module_names()  # the factory's signature is no part of it
    gated = scan_module((OPS / "gated.py").read_text(), OPS / "gated.py")
    assert gated.factories is not None and "Any" in gated.factories.homes


def test_every_kernel_has_its_row_and_computes_as_before(written: dict[str, Any]) -> None:
    assert_module_rows(written, EXPECTED)
    assert_nothing_broken(written, {"q_masked_fill", "q_gate"})
    assert "q_half" in written["after"]["ran"]


def test_the_lifted_helper_reads_any_where_it_is_imported_once(written: dict[str, Any]
                                                              ) -> None:
    for name in ("masked.py", "gated.py"):
        text = (written["pkg"] / "ops" / name).read_text()
        assert "def _alloc_like(like, *, dev_ctx, out) -> Any:" in text
        assert text.count("from typing import Any\n") == 1, text
    rebound = (written["pkg"] / "ops" / "rebound.py").read_text()
    assert rebound == (OPS / "rebound.py").read_text()


def test_a_second_run_changes_nothing(written: dict[str, Any]) -> None:
    pkg = written["pkg"]
    texts = {p: p.read_text() for p in pkg.rglob("*.py")}
    assert run_migrate([pkg], write=True, verify=False, console=console()) == 0
    assert {p: p.read_text() for p in pkg.rglob("*.py")} == texts
