"""The codemod on a package whose kernels register as their class statement runs
(tests/migrate/corpus/pkg_selfreg): a helper handing back the class it registered
(`return kernel_cls`), class decorators built on it (a factory taking `*dtypes`, one
returning the helper's call, a plain decorator), and a base whose `__init_subclass__`
registers each subclass from its class keywords (in another module; one also stamping the
op type on the class, a template between it and the kernel). A decorator handing
back nothing and a rebinding `K = enlist(..., K, ...)` stay legacy with a row naming why; a
decorated class another module imports is kept without its decorator (the decorator can go
alone), a self-registering one as it is, registering itself still (its base cannot go
without changing the class its users see): "legacy registration kept", the PHI kernel
dispatched first. After `--write`
every module still imports and every op computes what it computed before.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import assert_module_rows, console, write_copy

from migrate.cli_entry import run_migrate

PACKAGE = "pkg_selfreg"
BOTH = {"CPU": ["FLOAT32", "FLOAT64"], "GPU": ["FLOAT32", "FLOAT64"]}
CPU = {"CPU": ["FLOAT32", "FLOAT64"]}

#: module -> kernel class -> (status, op, the reason's start, dtypes per backend)
EXPECTED: dict[str, dict[str, tuple[str, str, str, dict[str, list[str]]]]] = {
    "returned.py": {
        "DoubleKernel": ("migrated", "ss_double", "", BOTH),
        # bound twice (to itself): not read statically; importing the tree shows the class
        # its statement built registered, the name still bound to it: kept as it is
        "TripleKernel": ("migrated", "ss_triple", "migrated; legacy registration kept: "
                         "registered by `TripleKernel = enlist(\"ss_triple\", TripleKernel, "
                         "REAL)`, which the codemod cannot read; keys from importing the tree",
                         CPU),
    },
    "decorated.py": {
        "IncKernel": ("migrated", "ss_inc", "", BOTH),
        "DecKernel": ("migrated", "ss_dec", "", CPU),
        "NegateKernel": ("migrated", "ss_negate", "", {"CPU": ["FLOAT32"]}),
        "HalveKernel": ("skipped", "?", "registration not statically readable (`mark` does "
                        "not hand back the class it is given (`return None`), in the "
                        "decorator `@forgetful(\"ss_halve\")` of HalveKernel)", {}),
        "SharedKernel": ("migrated", "ss_shared", "migrated; class kept for "
                         "pkg_selfreg/users.py", CPU),
    },
    "auto.py": {
        "SquareKernel": ("migrated", "ss_square", "", CPU),
        "CubeKernel": ("migrated", "ss_cube", "", BOTH),
        # kept for users.py as it is: it still registers itself, the PHI kernel goes first
        "QuadKernel": ("migrated", "ss_quad", "migrated; legacy registration kept: QuadKernel "
                       "registers itself through its base's `__init_subclass__`, and its class "
                       "stays as it is; class kept for pkg_selfreg/users.py", CPU),
    },
    # the template between the stamping base and the kernel is registered for no op (as
    # importing the tree shows): no row of its own
    "stamped.py": {
        "FifthKernel": ("migrated", "ss_fifth", "migrated; legacy registration kept: "
                        "registered by `class FifthKernel(PowerTemplate, "
                        "op_type=\"ss_fifth\"):`, which the codemod cannot read; keys from "
                        "importing the tree", CPU),
    },
}
MIGRATED = {"ss_double", "ss_inc", "ss_dec", "ss_negate", "ss_shared", "ss_square",
            "ss_cube", "ss_quad", "ss_triple", "ss_fifth"}


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE)


def test_every_kernel_has_its_exact_row(written: dict[str, Any]) -> None:
    assert_module_rows(written, EXPECTED)


def test_the_write_breaks_nothing_and_every_op_computes_as_before(written: dict[str, Any]
                                                                  ) -> None:
    before, after = written["before"], written["after"]
    assert set(before["imported"].values()) == {"ok"}
    assert after["imported"] == before["imported"]
    assert set(before["ran"]) == MIGRATED | {"ss_halve"}
    assert all(isinstance(v, list) for v in before["ran"].values()), before["ran"]
    migrated = {r["op"] for r in written["doc"]["kernels"] if r["status"] == "migrated"}
    assert migrated == MIGRATED
    # ss_quad's and ss_fifth's classes still register themselves, ss_triple's is still
    # registered by its statement: their legacy kernels run as before too
    legacy = {op for op in before["ran"] if op not in migrated} | {"ss_quad", "ss_triple",
                                                                     "ss_fifth"}
    assert after["ran"] == {op: v for op, v in before["ran"].items() if op in legacy}
    assert after["phi_ran"] == {op: before["ran"][op] for op in migrated - legacy}


def test_the_class_statements_went_with_their_registrations(written: dict[str, Any]) -> None:
    pkg = written["pkg"]
    decorated = (pkg / "decorated.py").read_text()
    for gone in ("@serving", "@enlisted_as", "@cpu_float", "class IncKernel",
                 "class DecKernel", "class NegateKernel"):
        assert gone not in decorated
    # kept for users.py, without the decorator that would register it again
    assert "\nclass SharedKernel(OpKernel):" in decorated
    assert '@forgetful("ss_halve")\nclass HalveKernel(OpKernel):' in decorated
    auto = (pkg / "auto.py").read_text()
    assert "class SquareKernel" not in auto and "class CubeKernel" not in auto
    assert ("# fluidphi migrate: kept, still registering itself through its base's "
            "__init_subclass__; op 'ss_quad' runs on ss_quad_kernel\n"
            'class QuadKernel(SelfEnlisting, op_type="ss_quad"):') in auto
    assert "def ss_quad_kernel(" in auto
    returned = (pkg / "returned.py").read_text()
    assert 'enlist("ss_double"' not in returned and "class DoubleKernel" not in returned
    assert 'TripleKernel = enlist("ss_triple", TripleKernel, REAL)' in returned


def test_a_second_run_changes_nothing(written: dict[str, Any]) -> None:
    """The kept self-registering class is read back as migrated earlier, not again."""
    pkg = written["pkg"]
    texts = {p: p.read_text() for p in pkg.rglob("*.py")}
    assert run_migrate([pkg], write=True, verify=False, console=console()) == 0
    assert {p: p.read_text() for p in pkg.rglob("*.py")} == texts


def test_an_init_subclass_registering_nothing_leaves_the_class_to_its_calls(
        tmp_path: Path) -> None:
    from migrate.module_scan import scan_module

    path = tmp_path / "tagged.py"
    path.write_text(
        "from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel\n"
        "from phi.common import DataType\n\n\n"
        "class Tagged(OpKernel):\n"
        "    def __init_subclass__(cls, tag=None, **more):\n"
        "        super().__init_subclass__(**more)\n"
        "        cls.tag = tag\n\n\n"
        "class K(Tagged, tag=\"k\"):\n"
        "    def compute(self, ctx):\n"
        "        pass\n\n\n"
        "register_op_kernel(\"ss_k\", \"CPU\", K, DataType.FLOAT32)\n")
    info = scan_module(path.read_text(), path)
    assert [(r.class_name, r.op_type, r.stmt_index) for r in info.registrations] == [
        ("K", "ss_k", 4)]
    assert info.unresolved == []
