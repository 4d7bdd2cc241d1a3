"""The codemod on team L's package (tests/migrate/corpus/pkg_ledgerbook, issue 23), whose
book is an instance of its own class: `LedgerKernel.__init_subclass__(cls, op=None,
placement=HOST, **kw)` stores `cls.op_type = op` and books the class with
`BOOK.add_kernel(op, cls, placement)`, a method of `KernelBook` appending exactly its
parameters to `self._rows`; `BOOK.publish()` iterates `self.rows()` (`return
list(self._rows)`) and registers each row. Read with LibCST as the list it keeps, each
booked kernel of `kernels/` migrates on the keys importing the tree shows (its class
statement replaced), but the one whose compute reads `self.op_type`. In the twins of
`twins/` (each with its own book and module-level publishing function) the booking is not
proven (a `rows()` that filters, a second method writing the rows, a book bound twice): their
class statements stay and their PHI kernels follow the classes' keys, each row naming why.
After `--write` every module imports, every op computes what it did and the team's check
script prints the same bytes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import (
    CORPUS,
    assert_module_rows,
    assert_nothing_broken,
    check_script_output,
    console,
    copy_package,
    edited_dry_run,
    registered_keys,
    run_package_ops,
    write_copy,
)

from migrate.cli_entry import run_migrate

PACKAGE = "pkg_ledgerbook"
REAL = ["FLOAT32", "FLOAT64"]
UNREGISTERED = ("no register_op_kernel call of this module registers it (registered elsewhere, "
                "or never)")
BOOKED = ("migrated; registered only by publishing its class statement's booking, when "
          "`BOOK.publish()` runs (pkg_ledgerbook/__init__.py:18); the class statement "
          "replaced, keys from importing the tree")


def followed(statement: str, line: int) -> str:
    return (f"migrated; legacy registration kept: registered when `{statement}` runs "
            f"(pkg_ledgerbook/__init__.py:{line}), by code the codemod cannot read; the PHI "
            "kernel follows the class's keys (its class statement not replaced: ")


#: module -> kernel class -> (status, op, the reason's start, dtypes per backend)
EXPECTED: dict[str, dict[str, tuple[str, str, str, Any]]] = {
    "unary.py": {"NegKernel": ("migrated", "lb_neg", BOOKED, {"CPU": REAL, "GPU": REAL}),
                 "SquareKernel": ("migrated", "lb_square", BOOKED, {"CPU": REAL}),
                 "SoftsignKernel": ("migrated", "lb_softsign", BOOKED, {"CPU": ["FLOAT32"]})},
    "scaled.py": {"ScaleKernel": ("migrated", "lb_scale", BOOKED, {"CPU": REAL})},
    # its base stores `cls.op_type`, which its compute reads: not replaced, the booking
    # falls back to following, where the read itself refuses the PHI kernel, naming the
    # hook, which books the class besides storing its keyword (`class_keywords`)
    "tagged.py": {"TaggedKernel": (
        "skipped", "lb_tagged", "reads self.op_type, which `LedgerKernel.__init_subclass__` "
        "(book.py) sets for TaggedKernel and runs `if op is not None:` (only `cls.NAME = "
        "<parameter>` or `cls.NAME = staticmethod(<parameter>)` after `super()."
        "__init_subclass__(**kwargs)` is read)", None)},
    # the twins: the booking is not proven, so the class statements stay and the PHI
    # kernels follow the classes' keys, each row naming why
    "filtered.py": {"HalfKernel": (
        "migrated", "lb_half", f"{followed('publish_filtered()', 19)}`FILTERED.rows()` "
        "(`FilteredBook.rows` (pkg_ledgerbook/twins/filtered.py:17)) does not hand back "
        "`_rows` unchanged, so which rows it publishes is not the booking)", {"CPU": REAL})},
    "rewritten.py": {"ThirdKernel": (
        "migrated", "lb_third", f"{followed('publish_rewritten()', 20)}`RewrittenBook.forget` "
        "(pkg_ledgerbook/twins/rewritten.py:19) writes or hands out `_rows` besides the "
        "methods adding rows, so the rows published are not only those the class statements "
        "booked)", {"CPU": REAL})},
    "twice.py": {"QuarterKernel": (
        "migrated", "lb_quarter", f"{followed('publish_twice()', 21)}`TWICE` is bound 2 times "
        "at the top level of pkg_ledgerbook/twins/twice.py, so which book the class statements "
        "fill is not one binding's)", {"CPU": REAL})},
}
FOLLOWED = {op for ks in EXPECTED.values() for s, op, why, _ in ks.values()
            if s == "migrated" and why.startswith("migrated; legacy registration kept")}
MIGRATED = {op for ks in EXPECTED.values() for s, op, _, _ in ks.values() if s == "migrated"}


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE)


def _check(root: Path) -> bytes:
    """What the team's check script prints, the package imported from `root`."""
    return check_script_output(root, PACKAGE)


def test_every_kernel_has_its_row(written: dict[str, Any]) -> None:
    assert_module_rows(written, EXPECTED)
    doc = written["doc"]
    assert sum(doc["totals"].values()) == len(doc["kernels"]) == 8


def test_the_written_package_imports_computes_and_checks_as_before(
        written: dict[str, Any]) -> None:
    # the followed twins keep their legacy classes registered: they still run legacy too
    assert_nothing_broken(written, MIGRATED - FOLLOWED)
    assert written["after"]["phi_ran"].keys() == MIGRATED - FOLLOWED
    for op in MIGRATED - FOLLOWED:
        assert written["after"]["phi_ran"][op] == written["before"]["ran"][op], op
    phi = run_package_ops(written["pkg"].parent, [PACKAGE], {op: [{}] for op in FOLLOWED},
                          "phi")
    assert phi == {f"{op} {{}}": written["before"]["ran"][op] for op in FOLLOWED}
    assert _check(written["pkg"].parent) == _check(CORPUS)
    pkg: Path = written["pkg"]
    unary = (pkg / "kernels" / "unary.py").read_text()
    assert "class NegKernel" not in unary and "class SoftsignKernel" not in unary
    assert "ElementwiseKernel" not in unary and "register_operator(\"lb_neg\"" in unary
    assert "class ScaleKernel" not in (pkg / "kernels" / "scaled.py").read_text()
    for kept in ("book.py", "__init__.py", "check.py", "kernels/tagged.py"):
        assert (pkg / kept).read_bytes() == (CORPUS / PACKAGE / kept).read_bytes(), kept
    for twin, kernel in (("filtered", "HalfKernel"), ("rewritten", "ThirdKernel"),
                         ("twice", "QuarterKernel")):  # kept, their PHI kernels following
        text = (pkg / "twins" / f"{twin}.py").read_text()
        assert f"class {kernel}" in text and f", {kernel})" in text, twin


def test_the_written_package_registers_what_the_legacy_one_did(written: dict[str, Any]) -> None:
    legacy = registered_keys(CORPUS, PACKAGE, {})
    assert registered_keys(written["pkg"].parent, PACKAGE, {}) == legacy
    assert {op for op, device, _ in legacy if device == "GPU"} == {"lb_neg"}


def test_a_dry_run_without_verify_still_gives_every_kernel_a_row(tmp_path: Path) -> None:
    copy_package(tmp_path, PACKAGE)
    out = tmp_path / "summary.json"
    run_migrate([tmp_path / PACKAGE], write=False, verify=False, json_path=out,
                console=console())
    rows = {r["kernel"]: (r["status"], r["reason"]) for r in json.loads(out.read_text())["kernels"]}
    assert rows == {k: ("skipped", f"{UNREGISTERED}; not migrated")
                    for ks in EXPECTED.values() for k in ks}


def _verified_dry_run(root: Path, *edits: tuple[str, str, str]) -> dict[str, str]:
    """`edited_dry_run` with verify: kernel -> its row's reason."""
    return {k: r["reason"] for k, r in edited_dry_run(root, PACKAGE, edits, True).items()}


LOOP = "        for op, kernel, placement in self.rows():\n"
ROWS = "    def rows(self):\n        return list(self._rows)\n"
APPLY = ('        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = '
         "self.apply(ctx.xp, x.data)\n")
PUBLISH_ALL = '''

def publish_all():
    for op, kernel, placement in BOOK:
        register_op_kernel(op, "CPU", kernel, *placement.dtypes)
        if placement.gpu:
            register_op_kernel(op, "GPU", kernel, *placement.dtypes)
'''


@pytest.mark.parametrize("edits", [
    # the book itself, through `__iter__` (`yield from self._rows`); the stored op read back
    # by `__init_subclass__` only, as the class is built
    [("book.py", LOOP, LOOP.replace("self.rows()", "self")),
     ("book.py", "BOOK.add_kernel(op, cls, placement)",
      "BOOK.add_kernel(cls.op_type, cls, placement)")],
    # its list, and `__iter__` as `return iter(...)`
    [("book.py", LOOP, LOOP.replace("self.rows()", "self._rows")),
     ("book.py", "        yield from self._rows\n", "        return iter(self._rows)\n")],
    # a module-level publishing function iterating `BOOK` (via `__iter__`)
    [("book.py", "            BOOK.add_kernel(op, cls, placement)\n",
      "            BOOK.add_kernel(placement=placement, kernel=cls, op=op)\n"),
     ("book.py", APPLY, APPLY + PUBLISH_ALL),
     ("__init__.py", "from .book import BOOK\n", "from .book import BOOK, publish_all\n"),
     ("__init__.py", "\nBOOK.publish()\n", "\npublish_all()\n")],
])
def test_the_book_read_through_its_class_migrates(tmp_path: Path,
                                                  edits: list[tuple[str, str, str]]) -> None:
    reasons = _verified_dry_run(tmp_path, *edits)
    statement = "publish_all()" if any("publish_all()" in e[2] for e in edits) else \
        "BOOK.publish()"
    for kernel in ("NegKernel", "SquareKernel", "ScaleKernel"):
        assert reasons[kernel] == BOOKED.replace("BOOK.publish()", statement), kernel
    assert reasons["TaggedKernel"] == EXPECTED["tagged.py"]["TaggedKernel"][2]


@pytest.mark.parametrize(("edits", "refusal"), [
    ([("book.py", ROWS, ROWS.replace("list(self._rows)", "sorted(self._rows, key=repr)"))],
     "`self.rows()` (`KernelBook.rows` (pkg_ledgerbook/book.py:26)) does not hand back `_rows` "
     "unchanged, so which rows it publishes is not the booking"),
    ([("book.py", ROWS, f"{ROWS}\n    def clear(self):\n        self._rows.clear()\n")],
     "`KernelBook.clear` (pkg_ledgerbook/book.py:30) writes or hands out `_rows` besides the "
     "methods adding rows, so the rows published are not only those the class statements "
     "booked"),
    # another module sorting the book's list before it is published
    ([("kernels/scaled.py", "from ..book import LedgerKernel\n",
       "from ..book import BOOK, LedgerKernel\n"),
      ("kernels/scaled.py", 'register_operator("lb_scale", SameShape, ScaleMaker)\n',
       'register_operator("lb_scale", SameShape, ScaleMaker)\nBOOK._rows.sort(key=repr)\n')],
     "`BOOK._rows` (pkg_ledgerbook/kernels/scaled.py:16) may write the book's `_rows` outside "
     "its class, so the rows published are not only those the class statements booked"),
    # an adding method with a parameter it does not append
    ([("book.py", "    def add_kernel(self, op, kernel, placement):\n",
       '    def add_kernel(self, op, kernel, placement, note=""):\n')],
     "no method of the book's class `KernelBook` (pkg_ledgerbook/book.py:17) appends exactly "
     "its parameters to a list it binds in `__init__`"),
])
def test_a_book_the_reader_cannot_prove_is_followed_naming_why(
        tmp_path: Path, edits: list[tuple[str, str, str]], refusal: str) -> None:
    reasons = _verified_dry_run(tmp_path, *edits)
    for kernel in ("NegKernel", "ScaleKernel"):
        assert reasons[kernel] == f"{followed('BOOK.publish()', 18)}{refusal})", kernel
