"""The codemod on a package whose registration loops are followed by a module-level `del`
of their variables (tests/migrate/corpus/pkg_tidy): when the migration removes the loop (or
spells it out), a `del` of names that only the removed loop bound, and that nothing else
reads, loses them (`del t` goes, `del _dt, _SPARE` becomes `del _SPARE`:
`migrate/loop_dels.py`). The negative twins: a statement reading the loop variable before
the `del` keeps the loop and its kernel legacy, named; a loop variable also bound before
the loop keeps its `del` (the kernel migrates); one only a function also binds (`global`)
leaves the module legacy, named, as the `del` could fail once the loop is gone. After
`--write` (verified) every module imports and every op computes as before, and a second run
changes nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import (
    assert_nothing_broken,
    console,
    dedent,
    migrate,
    unary,
    verified_rows,
    write_copy,
)

from compat.statuses import KernelStatus
from migrate.cli_entry import run_migrate

PACKAGE = "pkg_tidy"
_LEFT = "a module-level statement uses `_dt`, which migrating would remove from this module; "
_UNSURE = ("the module-level `del {name}` deletes the variable of a registration loop "
           "migrating would remove, and nothing else binds `{name}` at the top level before "
           "it (a binding in a function or a branch may not have run); left legacy")


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE)


def test_every_kernel_has_its_row(written: dict[str, Any]) -> None:
    rows = verified_rows(written)
    got = {k: (Path(r["file"]).name, r["status"], r["op"]) for k, r in rows.items()}
    assert got == {
        "TdClipKernel": ("clip.py", "migrated", "td_clip"),
        "TdNegKernel": ("table.py", "migrated", "td_neg"),
        "TdSquareKernel": ("table.py", "migrated", "td_square"),
        "TdCubeKernel": ("twin_bound.py", "migrated", "td_cube"),
        "TdAbsKernel": ("twin_read.py", "skipped", "td_abs"),
        "TdHalfKernel": ("twin_global.py", "skipped", "td_half"),
    }
    assert rows["TdAbsKernel"]["reason"].startswith(_LEFT), rows["TdAbsKernel"]
    assert rows["TdHalfKernel"]["reason"] == _UNSURE.format(name="_dt"), rows["TdHalfKernel"]
    for name in ("TdClipKernel", "TdNegKernel", "TdSquareKernel", "TdCubeKernel"):
        assert rows[name]["verification"].startswith("identical on 2 of 2"), rows[name]


def test_the_dels_of_removed_loops_go(written: dict[str, Any]) -> None:
    pkg = written["pkg"]
    clip = (pkg / "clip.py").read_text()
    assert "for t in" not in clip and "del t" not in clip and "register_op_kernel" not in clip
    table = (pkg / "table.py").read_text()
    assert "for _op, _kernel" not in table and "for _dt" not in table
    assert "del _op" not in table and "del _dt" not in table
    # the constant deleted by the same statement stays deleted
    assert table.endswith('register_operator("td_square", PlainOp, PlainMaker)\ndel _SPARE\n')


def test_the_twins_keep_their_dels(written: dict[str, Any]) -> None:
    pkg = written["pkg"]
    for name in ("twin_read.py", "twin_global.py"):
        text = (pkg / name).read_text()
        assert text == (Path(__file__).parent / "corpus" / PACKAGE / name).read_text()
    bound = (pkg / "twin_bound.py").read_text()
    assert "for _k in" not in bound
    assert bound.endswith('\n_k = None\nregister_operator("td_cube", PlainOp, PlainMaker)\n'
                          "del _k\n"), bound


def test_the_write_breaks_nothing_and_every_op_computes_as_before(written: dict[str, Any]
                                                                  ) -> None:
    before, after = written["before"], written["after"]
    migrated = {r["op"] for r in written["doc"]["kernels"] if r["status"] == "migrated"}
    assert migrated == {"td_clip", "td_neg", "td_square", "td_cube"}
    assert_nothing_broken(written, migrated)
    assert {op: after["phi_ran"][op] for op in migrated} == {
        op: before["ran"][op] for op in migrated}
    assert before["ran"]["td_clip"][0][:2] == [-1.0, -1.0]


def test_a_second_run_changes_nothing(written: dict[str, Any]) -> None:
    pkg = written["pkg"]
    texts = {p: p.read_text() for p in pkg.rglob("*.py")}
    assert run_migrate([pkg], write=True, verify=False, console=console()) == 0
    assert {p: p.read_text() for p in pkg.rglob("*.py")} == texts


_LOOP = '''
register_operator("unary", UnaryOp, UnaryOpMaker)
for t in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("unary", "CPU", UnaryKernel, t)
{tail}
'''

_KERNEL = '''
class UnaryKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out = ctx.output("Out").mutable_data(ctx.place)
        out[...] = ctx.input("X").data * ctx.attr("alpha")
'''


def _migrated(tail: str) -> tuple[str, Any]:
    result = migrate(unary(_KERNEL, _LOOP.format(tail=dedent(tail))))
    return result.new_text, result.records[0]


def _written(root: Path, tail: str) -> tuple[str, dict[str, Any]]:
    """The snippet written as a module and migrated with `--write --no-verify` (the run
    over the tree, which finds the removed names still read): its text and its row."""
    path = root / "snippet.py"
    path.write_text(unary(_KERNEL, _LOOP.format(tail=dedent(tail))))
    out = root / "rows.json"
    assert run_migrate([path], write=True, verify=False, json_path=out, console=console()) == 0
    return path.read_text(), json.loads(out.read_text())["kernels"][0]


@pytest.mark.parametrize(("tail", "end"), [
    ("del t\n", 'register_operator("unary", UnaryOp, UnaryOpMaker)\n'),
    ("_a = 1\ndel _a, t\n", "_a = 1\ndel _a\n"),
    ("_a = 1\ndel (t, _a)\n", "_a = 1\ndel (_a,)\n"),
    ("_a = _b = 1\ndel [_a, t, _b]\n", "_a = _b = 1\ndel [_a, _b]\n"),
    ("_a = 1\ndel t; _a = 2\n", "_a = 1\n_a = 2\n"),
    ("def _f(t):\n    return t\n\n\ndel t\n", "def _f(t):\n    return t\n"),  # its own t
])
def test_a_del_loses_only_the_removed_loops_variables(tail: str, end: str) -> None:
    text, record = _migrated(tail)
    assert record.status == KernelStatus.MIGRATED, record.reason
    assert "for t in" not in text and text.rstrip("\n").endswith(end.rstrip("\n")), text


@pytest.mark.parametrize(("tail", "user"), [
    ("LAST = t\ndel t\n", "a module-level statement"),  # read before the del
    ("def _last():\n    return t\n\n\ndel t\n",  # read by a function
     "`_last`, a module-level statement"),
])
def test_a_del_of_a_variable_something_else_reads_keeps_the_refusal(
        tmp_path: Path, tail: str, user: str) -> None:
    text, row = _written(tmp_path, tail)
    assert row["status"] == "skipped"
    assert row["reason"] == (f"{user} uses `t`, which migrating would remove from this "
                             "module; left legacy"), row
    assert text.rstrip("\n").endswith(dedent(tail).rstrip("\n")) and "for t in" in text


@pytest.mark.parametrize("tail", [
    "def _set():\n    global t\n    t = 1\n\n\ndel t\n",  # bound by a function only
    "if _FLAG:\n    t = 1\ndel t\n",  # in a branch
    "del t\nt = 1\n",  # only after the del
])
def test_a_del_whose_other_binding_may_not_have_run_leaves_the_module_legacy(tail: str
                                                                            ) -> None:
    text, record = _migrated("_FLAG = False\n" + tail)
    assert record.status == KernelStatus.SKIPPED
    assert record.reason == _UNSURE.format(name="t")
    assert "for t in" in text  # untouched


def test_a_del_of_a_variable_bound_before_the_loop_stays() -> None:
    text, record = _migrated("t = None\ndel t\n")
    assert record.status == KernelStatus.MIGRATED, record.reason
    assert "for t in" not in text and text.rstrip("\n").endswith("t = None\ndel t"), text

