"""The codemod on a package registering its kernels the ways other teams write it
(tests/migrate/corpus/pkg_foreign): decorator factories computing their dtype lists before
the decorator (`tuple(...)`, a filtered generator over a constant tuple, `accel is True`,
`if`/`elif`/`else`), one spreading `*REAL_KINDS` into `*dtypes`, helpers called through an
aliased module (`from pkg.shared import book as bk`, `import pkg.shared.kinds as kk`,
`pkg.shared.book.f`, `shared.book.f` after `from . import shared`) in a loop over an
inline dict, and nested loops skipping a pair with `continue` under a constant test.
The registrations the codemod cannot read (a factory reading a list another function of its
module appends to, a `continue` under a test it cannot decide, kernels other kernels derive
from registered by a decorator, a loop or a call it cannot read; each once had no row at
all) are read by importing the tree, verify being on: those kernels migrate with their
legacy registration kept (`live_registrations`). After `--write` (verify on) every module
still imports and every op computes what it computed before."""

from __future__ import annotations

import json
from typing import Any

import pytest
from migrate_helpers import assert_module_rows, console, write_copy

from migrate.cli_entry import run_migrate

PACKAGE = "pkg_foreign"
REAL = ["FLOAT32", "FLOAT64"]
ALL = ["FLOAT32", "FLOAT64", "INT32", "INT64"]
LIVE = "migrated; legacy registration kept: registered by `"

#: module -> kernel class -> (status, op, the reason's start, dtypes per backend)
EXPECTED: dict[str, dict[str, tuple[str, str, str, dict[str, list[str]]]]] = {
    "decorated.py": {
        "SigmoidKernel": ("migrated", "ff_sigmoid", "", {"CPU": REAL, "GPU": ["FLOAT32"]}),
        "ClipKernel": ("migrated", "ff_clip", "", {"CPU": ALL}),
        "TwiceKernel": ("migrated", "ff_twice", "", {"CPU": REAL, "GPU": ["FLOAT64"]}),
        "Relu6Kernel": ("migrated", "ff_relu6", "", {"CPU": REAL, "GPU": REAL}),
        "ShiftKernel": ("migrated", "ff_shift", f"{LIVE}@shifting_kernel(\"ff_shift\", "
                        "REAL_KINDS)`", {"CPU": REAL, "GPU": ["FLOAT32"]}),
        # derived.py's subclass migrates and its import goes: nothing keeps the class
        "BaseScaleKernel": ("migrated", "ff_base", "", {"CPU": REAL}),
        # a factory picked from a table: read by importing the tree; a base of derived.py's
        # CubeTwiceKernel, it still gets a row
        "CubeKernel": ("migrated", "ff_cube", f"{LIVE}@FACTORIES[\"host\"](\"ff_cube\", "
                       "REAL_KINDS)`", {"CPU": REAL}),
    },
    "derived.py": {
        # a class decorator runs on its class only: the base's, read as a registration,
        # is nothing to its subclass
        "TripleScaleKernel": ("migrated", "ff_triple", "", {"CPU": ["FLOAT32"]}),
        "CubeTwiceKernel": ("skipped", "ff_cube2", "class decorator @FACTORIES[\"host\"]"
                            "(\"ff_cube\", REAL_KINDS) on CubeKernel", {}),
    },
    "tables.py": {
        "PlusKernel": ("migrated", "ff_plus", "", {"CPU": ALL}),
        "MinusKernel": ("migrated", "ff_minus", "", {"CPU": ALL}),
        "NegKernel": ("migrated", "ff_neg", "", {"CPU": REAL}),
        "SignKernel": ("migrated", "ff_sign", "", {"CPU": ALL,
                                                   "GPU": ["FLOAT32", "FLOAT64", "INT64"]}),
        # registered inside an `if` on a list the package changes: read live
        "AbsKernel": ("migrated", "ff_abs", f"{LIVE}for place in [\"CPU\", \"GPU\"]:`",
                      {"CPU": REAL}),
        # named only by the header of a loop calling a helper picked from a table, and a
        # base of QuarterKernel: a row of its own
        "HalfKernel": ("migrated", "ff_half", f"{LIVE}for _name, _cls in {{\"ff_half\": "
                       "HalfKernel}.items():`", {"CPU": REAL}),
        "QuarterKernel": ("migrated", "ff_quarter", "", {"CPU": ["FLOAT32"]}),
    },
    "spelled.py": {  # `pkg.shared.book.f`, `b2.f`, `shared.book.f`, `@b2.factory(...)`
        "AddOneKernel": ("migrated", "sp_one", "", {"CPU": REAL}),
        "AddTwoKernel": ("migrated", "sp_two", "", {"CPU": REAL}),
        "AddThreeKernel": ("migrated", "sp_three", "", {"CPU": REAL}),
        "AddFourKernel": ("migrated", "sp_four", "", {"CPU": REAL, "GPU": ["FLOAT32"]}),
        # passed to a call not read, and a base of LeafKernel: a row all the same
        "RootKernel": ("migrated", "sp_root", f"{LIVE}b3.HOOKS[\"enroll\"](\"sp_root\", "
                       "RootKernel, kinds.REAL_KINDS)", {"CPU": REAL}),
        "LeafKernel": ("migrated", "sp_leaf", "", {"CPU": ["FLOAT32"]}),
    },
}
MIGRATED = {"ff_sigmoid", "ff_clip", "ff_twice", "ff_relu6", "ff_base", "ff_plus", "ff_minus",
            "ff_neg", "ff_sign", "ff_quarter", "sp_one", "sp_two", "sp_three", "sp_four",
            "sp_leaf", "ff_triple"}
#: migrated on registrations read by importing the tree: their classes stay registered
KEPT = {"ff_shift", "ff_abs", "ff_cube", "ff_half", "sp_root"}


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
    assert set(before["ran"]) == MIGRATED | KEPT | {"ff_cube2"}
    assert all(isinstance(v, list) for v in before["ran"].values()), before["ran"]
    legacy = set(before["ran"]) - MIGRATED
    assert after["ran"] == {op: v for op, v in before["ran"].items() if op in legacy}
    assert after["phi_ran"] == {op: before["ran"][op] for op in MIGRATED}


def test_the_registrations_went_with_their_kernels(written: dict[str, Any]) -> None:
    pkg = written["pkg"]
    decorated = (pkg / "decorated.py").read_text()
    for gone in ('@backend_kernel("ff_sigmoid"', "class SigmoidKernel", "@spread_kernel",
                 '@backend_kernel("ff_base"'):
        assert gone not in decorated
    assert '@shifting_kernel("ff_shift", REAL_KINDS)\nclass ShiftKernel(OpKernel):' in decorated
    # its only user, derived.py's subclass, migrated: the class went with its migration
    assert "\nclass BaseScaleKernel(OpKernel):" not in decorated
    assert "BaseScaleKernel" not in (pkg / "derived.py").read_text()
    tables = (pkg / "tables.py").read_text()
    for gone in ("class PlusKernel", "class SignKernel", "bk.enroll(\"ff_neg\"", "continue\n"
                 "        register_op_kernel(\"ff_sign\""):
        assert gone not in tables
    # the dict loop's operators stay, unrolled (its kernel call goes)
    assert 'bk.declare("ff_plus", bk.SameShape, bk.SameMaker)' in tables
    assert "bk.enroll(" not in tables and "kk.ALL_KINDS" not in tables
    assert 'register_op_kernel("ff_abs", place, AbsKernel, t)' in tables


def test_a_second_run_changes_nothing(written: dict[str, Any]) -> None:
    """TripleScaleKernel migrated in the first run, beside its decorated base, and the
    classes kept registered are read back as migrated earlier: nothing is left for a second
    run to unblock."""
    pkg = written["pkg"]
    texts = {p: p.read_text() for p in pkg.rglob("*.py")}
    out = pkg.parent / "second.json"
    assert run_migrate([pkg], write=True, verify=True, json_path=out, console=console()) == 0
    assert not [r for r in json.loads(out.read_text())["kernels"] if r["status"] == "migrated"]
    assert {p: p.read_text() for p in pkg.rglob("*.py")} == texts
