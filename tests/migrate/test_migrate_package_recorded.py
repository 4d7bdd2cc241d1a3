"""The codemod on kernels registered through class decorators that only record their class
in a table a later loop or `flush(__name__)` registers from (tests/migrate/corpus/
pkg_recorded, issue 23). The registering code is unread; importing the tree gives the keys,
and the class statement stays, decorated, beside it ("legacy registration kept"): the
migrated kernel is the class statement's own compute, since each decorator (a factory of
another module, a module's own, a factory of factories) hands back the class it is given
and changes nothing the kernel reads. The team's other habits read on the way: slot names
in a class-level dict (`self.SLOTS["x"]`, the base's copied by `dict(Base.SLOTS, ...)`), a
maker factory from `"Name?"` input specs and `(name, type, default)` tuples spread with
`*`, an attribute view given class constants as defaults, a NamedTuple parameter object,
a staticmethod called as `type(self)._clip(...)`. Twins: a decorator handing the class to
a function, one returning a subclass, one storing an attribute the kernel reads, each
named. After `--write` every module imports, every op computes what it did, and a second
run changes nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import assert_rows, console, run_package_ops, verified_rows, write_copy

from migrate.cli_entry import run_migrate

PACKAGE = "pkg_recorded"
MIGRATED = {"rc_clip", "rc_scale", "rc_softabs", "rc_rms"}
LEGACY = {"rc_neg", "rc_square", "rc_triple"}
KEPT = "migrated; legacy registration kept: registered by `{0}`, which the codemod cannot read"

#: kernel -> (module, status, op, what its reason holds)
EXPECTED: dict[str, tuple[str, str, str, str]] = {
    "ClipKernel": ("flushed.py", "migrated", "rc_clip", KEPT.format("flush(__name__)")),
    "ScaleKernel": ("flushed.py", "migrated", "rc_scale", KEPT.format("flush(__name__)")),
    "SoftAbsKernel": ("tabled.py", "migrated", "rc_softabs",
                    KEPT.format("for _op, (_cls, _dtypes) in KERNELS.items():")),
    "RmsKernel": ("normed.py", "migrated", "rc_rms", KEPT.format("for _op, _cls in _RECORDED:")),
    "NegKernel": ("twins.py", "skipped", "rc_neg",
                  "class decorator @noted on NegKernel (`noted` hands the class on "
                  "(`_note(cls)`))"),
    "SquareKernel": ("twins.py", "skipped", "rc_square",
                     "class decorator @wrapped on SquareKernel (`wrapped` does not end with "
                     "`return cls`)"),
    "TripleKernel": ("twins.py", "skipped", "rc_triple",
                     "class decorator @scaled(3.0) on TripleKernel (`cls.SCALE = ...` sets what "
                     "the kernel may read: class TripleKernel reads `self.SCALE`)"),
}


#: each op's attribute sets: the defaults, and one each attribute given
CASES = {"rc_clip": [{}, {"lo": -0.5, "hi": 0.25}], "rc_scale": [{}, {"factor": -3.0}],
         "rc_softabs": [{}], "rc_rms": [{}, {"epsilon": 0.5, "scale": 2.0}],
         **{op: [{}] for op in LEGACY}}


def run_ops(root: Path, mode: str) -> dict[str, Any]:
    """Every op run the legacy way (before the write) or its migrated ones the PHI way."""
    return run_package_ops(root, [PACKAGE], CASES, mode, legacy=frozenset(LEGACY))


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE, run_ops)


def test_every_kernel_has_its_row(written: dict[str, Any]) -> None:
    rows = verified_rows(written)
    assert_rows(rows, EXPECTED)
    assert rows["RmsKernel"]["dtypes"] == {"CPU": ["FLOAT32"]}
    assert rows["ClipKernel"]["dtypes"] == {"CPU": ["FLOAT32", "FLOAT64"]}


def test_the_decorated_classes_stay_beside_their_new_kernels(written: dict[str, Any]) -> None:
    flushed = (written["pkg"] / "flushed.py").read_text()
    assert '@kernel("rc_clip")\nclass ClipKernel(SlotKernel):' in flushed
    assert "def rc_clip_kernel(" in flushed and "flush(__name__)" in flushed
    # the view's defaults are the class constants' values, the staticmethod lifted
    assert "def rc_scale_kernel(" in flushed
    tabled = (written["pkg"] / "tabled.py").read_text()
    assert "def rc_softabs_kernel(" in tabled and "class SoftAbsKernel(SlotKernel):" in tabled


def test_the_write_breaks_nothing_and_every_op_computes_as_before(written: dict[str, Any]
                                                                  ) -> None:
    before, after = written["before"], written["after"]
    assert set(before["imported"].values()) == {"ok"}
    assert after["imported"] == before["imported"]
    # every class is still registered (the kept legacy registrations): they run as before
    assert set(before["ran"]) == MIGRATED | LEGACY and after["ran"] == before["ran"]
    assert all(isinstance(v, list) for v in before["ran"].values()), before["ran"]
    # and the new PHI kernels compute what the legacy ones did, attributes given or not
    old, new = written["before_ops"], written["after_ops"]
    assert all(isinstance(v, list) for v in old.values()), old
    assert new == old


def test_a_second_run_changes_nothing(written: dict[str, Any]) -> None:
    pkg = written["pkg"]
    texts = {p: p.read_text() for p in pkg.rglob("*.py")}
    assert run_migrate([pkg], write=True, verify=False, console=console()) == 0
    assert {p: p.read_text() for p in pkg.rglob("*.py")} == texts
