"""The codemod on kernels keeping their execution context on the instance
(tests/migrate/corpus/pkg_keptctx, issue 23): a base storing `self._ctx = ctx` first thing
in compute() and reading it only in `fail()` (`self._ctx.op_type`, `self._ctx is not None`)
keeps no state a PHI kernel needs: the kernel migrates with the store dropped, the op's
type spelled in its messages. A kernel overriding compute() reads `self._ctx` there as its
context. A plain class of the tree keeping a context in its `__dict__` reads no kernel's.
Anything else (the context read otherwise in a helper, by another module, a nested run)
keeps the kernel legacy with the reason named, as does a kernel running the migrated one on
its own context (the messages would name the other op).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import (
    LONE_HEADER,
    assert_nothing_broken,
    console,
    migrate,
    run_package_ops,
    verified_rows,
    write_copy,
)

from migrate.cli_entry import run_migrate

PACKAGE = "pkg_keptctx"
REAL = {"CPU": ["FLOAT32", "FLOAT64"]}
MIGRATED = {"kc_scale", "kc_gauge"}
DROPS = "drops the context kept in `self._ctx`"
#: each op with attribute sets to run before and after the write (one raising through fail())
RUNS = {"kc_scale": [{"factor": -1.0}, {"factor": 3.0}], "kc_gauge": [{}],
        "kc_rescale": [{"factor": -1.0}, {"factor": 3.0}]}
COMPOSED = ("composes KcScaleKernel().compute(ctx), whose new kernel kc_scale_kernel spells "
            "ctx.op_type as its own op 'kc_scale'")


def _run(root: Path, mode: str) -> Any:
    return run_package_ops(root, [PACKAGE], RUNS, mode, frozenset({"kc_rescale"}))


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE, _run)


def test_both_kernels_migrate_with_the_context_dropped(written: dict[str, Any]) -> None:
    rows = verified_rows(written)
    assert set(rows) == {"KcScaleKernel", "KcGaugeKernel", "KcRescaleKernel"}
    # its messages would name kc_scale where the legacy run names kc_rescale: not composed
    assert (rows["KcRescaleKernel"]["status"], COMPOSED in rows["KcRescaleKernel"]["reason"]
            ) == ("skipped", True), rows["KcRescaleKernel"]
    for kernel, op in (("KcScaleKernel", "kc_scale"), ("KcGaugeKernel", "kc_gauge")):
        row = rows[kernel]
        assert (row["status"], row["op"], row["dtypes"]) == ("migrated", op, REAL), row
        assert DROPS in row["reason"], row
    scale = (written["pkg"] / "scale.py").read_text()
    gauge = (written["pkg"] / "gauge.py").read_text()
    assert "._ctx" not in scale and "._ctx" not in gauge
    assert '"kc_scale"' in scale and '"gauge"' in gauge  # the names its messages give
    assert "KeptBase" in (written["pkg"] / "base.py").read_text()  # the base stays


def test_the_messages_name_the_op_as_before(written: dict[str, Any]) -> None:
    before, after = written["before_ops"], written["after_ops"]
    assert before == after, (before, after)
    assert "kc_scale: factor must be >= 0, got -1.0" in str(before), before
    assert "kc_rescale: factor must be >= 0, got -1.0" in str(after), after


def test_the_write_breaks_nothing_and_every_op_computes_as_before(written: dict[str, Any]
                                                                  ) -> None:
    assert_nothing_broken(written, MIGRATED)


def test_a_second_run_changes_nothing(written: dict[str, Any]) -> None:
    pkg = written["pkg"]
    texts = {p: p.read_text() for p in pkg.rglob("*.py")}
    assert run_migrate([pkg], write=True, verify=False, console=console()) == 0
    assert {p: p.read_text() for p in pkg.rglob("*.py")} == texts


KEEPING = LONE_HEADER + '''

class KeepKernel(OpKernel):
    def __init__(self):
        super().__init__()
        self._ctx = {start}

    def compute(self, ctx):
        {keep}
        x = ctx.input("X")
        if x.data.size == 0:
            self.fail("empty")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data

    def fail(self, msg):
        {fail}
        raise ValueError(name + ": " + msg)
{tail}

register_operator("keep", O, M)
register_op_kernel("keep", "CPU", KeepKernel, DataType.FLOAT32)
'''
FAIL = 'name = self._ctx.op_type if self._ctx is not None else "?"'


def _row(start: str = "None", keep: str = "self._ctx = ctx", fail: str = FAIL,
         tail: str = "") -> Any:
    text = KEEPING.format(start=start, keep=keep, fail=fail, tail=tail)
    return migrate(text)


def test_a_lone_module_keeping_its_context_for_messages_migrates() -> None:
    result = _row()
    rec = result.records[0]
    assert rec.status == "migrated" and DROPS in rec.reason, rec.reason
    assert 'def _fail(msg):\n    name = "keep"\n' in result.new_text
    assert "._ctx" not in result.new_text
    status = _row(fail='name = "?" if self._ctx is None else self._ctx.op_type').records[0]
    assert status.status == "migrated", status.reason


@pytest.mark.parametrize(("change", "why"), [
    ({"fail": 'name = self._ctx.attr("axis")'}, "KeepKernel.fail() uses `self._ctx` otherwise"),
    ({"fail": "name = str(self._ctx)"}, "KeepKernel.fail() uses `self._ctx` otherwise"),
    ({"fail": "self._ctx.op_type = 'x'\n        name = 'x'"}, "uses `self._ctx` otherwise"),
    ({"fail": "name = (lambda: self._ctx.op_type)()"}, "uses `self._ctx` otherwise"),
    ({"start": "0"}, "__init__ sets `self._ctx` otherwise than once to None"),
    ({"keep": "self._ctx = ctx\n        ctx = None"}, "compute() rebinds `self` or `ctx`"),
    ({"tail": "\n    def again(self, ctx):\n        self.compute(ctx)\n"},
     "KeepKernel.again() runs compute() again on the same instance"),
    ({"tail": "\n\ndef peek(kernel):\n    return kernel._ctx\n"},
     "this module reads `._ctx` (`kernel._ctx`)"),
    ({"tail": "\n\nprint(getattr(KeepKernel(), '_ctx'))\n"}, "spells the name '_ctx'"),
    ({"tail": "\n    _ctx = None\n"}, "defines `_ctx`"),
])
def test_anything_else_keeps_the_refusal(change: dict[str, str], why: str) -> None:
    rec = _row(**change).records[0]
    assert rec.status == "skipped", rec.reason
    assert why in rec.reason, rec.reason


def test_a_store_after_the_first_statement_is_instance_state() -> None:
    rec = _row(keep="x0 = 1\n        self._ctx = ctx").records[0]
    assert rec.status == "skipped" and "keeps instance state" in rec.reason, rec.reason
    assert "not a context kept" not in rec.reason


OP_KEPT = LONE_HEADER + '''

class Base(OpKernel):
    def __init__(self):
        super().__init__()
        self._op = "<unknown>"
        self.notes = []

    def compute(self, ctx):
        self._op = ctx.op_type
        self.run(ctx)

    def fail(self, msg):
        extra = " (" + "; ".join(self.notes) + ")" if self.notes else ""
        raise ValueError("[%s] %s%s" % (self._op, msg, extra))


class KeepKernel(Base):
    def run(self, ctx):
        x = ctx.input("X")
        if x.data.size == 0:
            self.fail("empty")
        {extra}
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data
{tail}

register_operator("keep_op", O, M)
register_op_kernel("keep_op", "CPU", KeepKernel, DataType.FLOAT32)
'''


def test_the_op_type_kept_and_a_list_never_changed_are_read_as_constants() -> None:
    result = migrate(OP_KEPT.format(extra="pass", tail=""))
    rec = result.records[0]
    assert rec.status == "migrated", rec.reason
    assert "drops the op's type kept in `self._op`" in rec.reason, rec.reason
    assert "reads `self.notes = []` as the constant it is" in rec.reason, rec.reason
    helper = result.new_text.split("def _fail(msg):\n", 1)[1].split("\n\n", 1)[0]
    assert helper == ('    extra = " (" + "; ".join([]) + ")" if [] else ""\n'
                      '    raise ValueError("[%s] %s%s" % ("keep_op", msg, extra))'), helper


@pytest.mark.parametrize(("extra", "tail", "why"), [
    ("self.notes.append('x')", "", "uses `self.notes` where the list or dict may change"),
    ("self._op = 'other'", "", "uses `self._op` otherwise"),
    ("pass", "\n\ndef peek(k):\n    return k.notes\n", "this module reads `.notes`"),
    ("print(sorted(self.notes, key=len))", "", "where the list or dict may change"),
])
def test_a_value_that_changes_stays_instance_state(extra: str, tail: str, why: str) -> None:
    rec = migrate(OP_KEPT.format(extra=extra, tail=tail)).records[0]
    assert rec.status == "skipped", rec.reason
    assert why in rec.reason, rec.reason
