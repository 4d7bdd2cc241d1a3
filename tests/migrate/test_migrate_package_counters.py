"""The codemod on kernels keeping a run counter on the instance
(tests/migrate/corpus/pkg_counters, issue 23): a counter set to a number in `__init__` and only
ever bumped by a number in compute() (`+=`, `x = x + 1`, under an `if`), read nowhere in the
tree, cannot change an output: the kernel migrates without it, its row saying so. A counter
read back by the kernel's own `__repr__`, or by another module of the tree (`kernel.seen`),
keeps the kernel legacy with the reader named. So for counters of a shared base of another
module: an instance counter its `__init__` sets and a class counter (`calls = 0`, bumped as
`type(self).calls += 1`), bumped by a helper method compute() calls (`self._bump()`, the
call dropped with them) or by compute() itself (`self.__class__.calls += 1`); a class
counter a dashboard reads, or a helper that also notes the run, keeps the kernel legacy. After
`--write` every module imports as before, every op computes what it computed, and a
second run changes nothing.
"""

from __future__ import annotations

from typing import Any

import pytest
from migrate_helpers import (
    CORPUS,
    LONE_HEADER,
    assert_nothing_broken,
    assert_rows,
    console,
    migrate,
    verified_rows,
    write_copy,
)

from migrate.cli_entry import run_migrate

PACKAGE = "pkg_counters"
REAL = {"CPU": ["FLOAT32", "FLOAT64"]}
STATE = "keeps instance state: its __init__ sets `self.{0} = 0`"
MIGRATED = {"ct_clip", "ct_half", "ct_abs", "ct_neg"}
LEGACY = {"ct_shown", "ct_seen", "ct_square", "ct_cube"}
BOTH = "migrated; drops the write-only counters `self._local_calls`, `type(self).calls`"

#: kernel -> (module, status, op, what its reason holds)
EXPECTED: dict[str, tuple[str, str, str, str]] = {
    "ClipTallyKernel": ("clip.py", "migrated", "ct_clip",
                        "migrated; drops the write-only counter `self.runs`"),
    "HalfTallyKernel": ("clip.py", "migrated", "ct_half",
                        "migrated; drops the write-only counter `self.passes`"),
    "ShownTallyKernel": ("shown.py", "skipped", "ct_shown", STATE.format("hits")
                         + " ... not a write-only counter: pkg_counters/shown.py reads "
                         "`.hits` (`self.hits`)"),
    "SeenTallyKernel": ("probe.py", "skipped", "ct_seen", STATE.format("seen")
                        + " ... not a write-only counter: pkg_counters/stats.py reads "
                        "`.seen` (`kernel.seen`)"),
    "AbsTallyKernel": ("tallied.py", "migrated", "ct_abs", BOTH),
    "NegTallyKernel": ("tallied.py", "migrated", "ct_neg", BOTH),
    "SquareServedKernel": ("tallied.py", "skipped", "ct_square",
                           "compute() bumps `type(self).served`, state of the kernel's class"
                           " ... not a write-only class counter: pkg_counters/dash.py reads "
                           "`.served` (`kernel_class.served`)"),
    "CubeLoudKernel": ("tallied.py", "skipped", "ct_cube",
                       "inherits from LoudBase (pkg_counters/tally_base.py), which reads 'RAN'"),
}


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE)


def test_every_kernel_has_its_row(written: dict[str, Any]) -> None:
    rows = verified_rows(written)
    assert_rows(rows, EXPECTED)
    assert all(r["dtypes"] == REAL for r in rows.values() if r["status"] == "migrated")
    assert written["doc"]["written"]


def test_the_counter_is_gone_and_nothing_else(written: dict[str, Any]) -> None:
    clip = (written["pkg"] / "clip.py").read_text()
    body = clip.split('"""', 2)[2]  # past the module docstring
    assert "self." not in body and "runs" not in body and "passes" not in body
    assert "class ClipTallyKernel" not in clip and "class HalfTallyKernel" not in clip
    # the test the bump sat under still runs (it may raise): only the bump went
    assert "    if x.data.size:\n        pass\n" in clip
    for module, kernel in (("shown.py", "ShownTallyKernel"), ("probe.py", "SeenTallyKernel")):
        text = (written["pkg"] / module).read_text()
        assert f"class {kernel}(OpKernel):" in text and " += 1" in text
    tallied = (written["pkg"] / "tallied.py").read_text()
    assert "def ct_abs_kernel(" in tallied and "def ct_neg_kernel(" in tallied
    assert "TallyBase" not in tallied and "calls" not in tallied
    assert tallied.count("self._bump()") == 2  # the two kernels left legacy keep theirs
    # the bases stay as they were, counting for whoever else uses them
    assert (written["pkg"] / "tally_base.py").read_text() == (
        CORPUS / PACKAGE / "tally_base.py").read_text()


def test_the_write_breaks_nothing_and_every_op_computes_as_before(written: dict[str, Any]
                                                                  ) -> None:
    before, after = written["before"], written["after"]
    assert set(before["ran"]) == MIGRATED | LEGACY
    assert all(isinstance(v, list) for v in before["ran"].values()), before["ran"]
    assert_nothing_broken(written, MIGRATED)
    assert after["phi_ran"] == {op: before["ran"][op] for op in MIGRATED}


def test_a_second_run_changes_nothing(written: dict[str, Any]) -> None:
    pkg = written["pkg"]
    texts = {p: p.read_text() for p in pkg.rglob("*.py")}
    assert run_migrate([pkg], write=True, verify=False, console=console()) == 0
    assert {p: p.read_text() for p in pkg.rglob("*.py")} == texts


COUNTING = LONE_HEADER + '''

class CountKernel(OpKernel):
{extra}
    def __init__(self):
        super().__init__()
        self.n = {start}

    def compute(self, ctx):
        {bump}
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data
{tail}

register_operator("cnt", O, M)
register_op_kernel("cnt", "CPU", CountKernel, DataType.FLOAT32)
'''


def _row(extra: str = "", start: str = "0", bump: str = "self.n += 1", tail: str = ""
         ) -> tuple[str, str]:
    text = COUNTING.format(extra=extra, start=start, bump=bump, tail=tail)
    rec = migrate(text).records[0]
    return rec.status, rec.reason


def test_a_plain_counter_in_a_lone_module_is_dropped() -> None:
    status, reason = _row()
    assert status == "migrated" and "drops the write-only counter `self.n`" in reason
    assert _row(bump="self.n = self.n + 2.5")[0] == "migrated"
    # a constant stored and never read, never bumped: as dead as a counter
    status, reason = _row(start='"legacy_scale"', bump="pass")
    assert status == "migrated" and "drops the write-only counter `self.n`" in reason
    assert _row(start="(1, None)", bump="pass")[0] == "migrated"
    # a constant read back but never changed: an instance constant, read as its value
    status, reason = _row(start='"legacy_scale"', bump="pass",
                          tail="\n    def __repr__(self):\n        return self.n\n")
    assert status == "migrated" and 'reads `self.n = "legacy_scale"` as the constant' in reason
    # read by other code too: an immutable value reads the same there (its class is kept)
    status, reason = _row(start='"legacy_scale"', bump="pass", tail=(
        "\n    def __repr__(self):\n        return self.n\n\n\nprint(CountKernel().n)\n"))
    assert status == "migrated" and 'reads `self.n = "legacy_scale"` as the constant' in reason


TICK = "\n    def _tick(self):\n        self.n += 1\n        type(self).calls += 1\n"
CLASS_COUNTED = "drops the write-only counters `self.n`, `type(self).calls`"


@pytest.mark.parametrize("change", [
    {"extra": "    calls = 0\n", "bump": "type(self).calls += 1"},
    {"extra": "    calls = 0\n", "bump": "self.__class__.calls = self.__class__.calls + 1"},
    {"extra": "    calls = 0\n", "bump": "self._tick()", "tail": TICK},
    # another class bumping its own `calls` reads nothing of the kernel's
    {"extra": "    calls = 0\n", "bump": "type(self).calls += 1",
     "tail": "\n\nclass Other:\n    calls = 0\n\n    def go(self):\n"
             "        type(self).calls += 1\n"},
])
def test_a_class_counter_and_a_helper_bumping_it_are_dropped(change: dict[str, str]) -> None:
    status, reason = _row(**change)
    assert status == "migrated" and CLASS_COUNTED in reason, reason


@pytest.mark.parametrize(("change", "why"), [
    ({"extra": "    calls = 0\n", "bump": "type(self).calls += 1",
      "tail": "\n\nprint(CountKernel.calls)\n"},
     "not a write-only class counter: this module reads `.calls` (`CountKernel.calls`)"),
    ({"extra": "    calls = []\n", "bump": "type(self).calls += 1"},
     "CountKernel binds `calls` other than as a number once"),
    ({"extra": "    calls = 0\n    calls = 1\n", "bump": "type(self).calls += 1"},
     "CountKernel binds `calls` other than as a number once"),
    ({"bump": "type(self).calls += 1"}, "no class of the kernel binds `calls`"),
    ({"extra": "    calls = 0\n", "bump": "type(self).calls -= 1"}, "instance state"),
    ({"extra": "    calls = 0\n", "bump": "type(self).calls = 5"}, "instance state"),
    # a helper that is not plainly one that only bumps
    ({"extra": "    calls = 0\n", "bump": "self._tick()\n        f = self._tick",
      "tail": TICK}, "helper _tick() uses self"),
    ({"extra": "    calls = 0\n", "bump": "x = self._tick()", "tail": TICK},
     "helper _tick() uses self"),
    ({"extra": "    calls = 0\n", "bump": "self._tick()",
      "tail": TICK + "        return 1\n"}, "helper _tick() uses self"),
])
def test_a_class_counter_read_or_changed_otherwise_keeps_the_refusal(
        change: dict[str, str], why: str) -> None:
    status, reason = _row(**change)
    assert status == "skipped", reason
    assert why in reason, reason


@pytest.mark.parametrize(("change", "why"), [
    # a change that is no bump by a number: a read of `.n`
    ({"bump": "self.n += len(ctx.input('X').dims)"}, "this module reads `.n` (`self.n`)"),
    ({"bump": "self.n -= 1"}, "this module reads `.n` (`self.n`)"),
    ({"start": '"x"', "bump": "self.n += 1"}, "bumps `self.n`, which starts as no number"),
    ({"start": "[]", "bump": "self.n.append(1)"}, "keeps instance state"),
    ({"tail": "\n    def total(self):\n        return self.n\n"}, "reads `.n` (`self.n`)"),
    # an immutable constant is read anywhere alike, but stored to elsewhere it changes
    ({"start": '"legacy_scale"', "bump": "pass",
      "tail": "\n    def __repr__(self):\n        return self.n\n\n\nk = CountKernel()\n"
              "k.n = 'other'\n"},
     "reads `.n` (`k.n`)"),
    ({"start": "SCALE", "bump": "pass"}, "keeps instance state"),
    ({"extra": "    __slots__ = ('n',)\n"}, "defines `__slots__`"),
    ({"extra": "    n = 5\n"}, "defines `n`"),
    ({"tail": "\n\nprint(getattr(CountKernel(), chr(110)))\n"},
     "calls getattr() with an attribute name it computes"),
    ({"tail": "\n\nprint(vars(CountKernel()))\n"}, "uses `vars`"),
    ({"tail": "\n\nprint(getattr(CountKernel(), 'n'))\n"}, "spells the name 'n' as a string"),
    ({"bump": "y = self.n = self.n + 1"}, "this module reads `.n`"),
    ({"bump": "print(self)\n        self.n += 1"}, "uses `self` other than as `self.NAME`"),
    ({"bump": "def again(self):\n            self.n += 1\n        again(self)"},
     "uses `self` other than as `self.NAME`"),
    ({"bump": "f = lambda me: me.n\n        self.n += 1"}, "reads `.n` (`me.n`)"),
])
def test_anything_else_keeps_the_refusal(change: dict[str, str], why: str) -> None:
    status, reason = _row(**change)
    assert status == "skipped", reason
    assert why in reason, reason


METACLASSED = "import abc\n" + LONE_HEADER + '''

class Meta(type):
    def __setattr__(cls, name, value):
        super().__setattr__(name, value)


class CountKernel(OpKernel, metaclass={meta}):
    calls = 0

    def compute(self, ctx):
        type(self).calls += 1
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data


register_operator("cnt", O, M)
register_op_kernel("cnt", "CPU", CountKernel, DataType.FLOAT32)
'''


def test_a_class_counter_under_a_metaclass_other_than_abcmeta_keeps_the_refusal() -> None:
    rec = migrate(METACLASSED.format(meta="abc.ABCMeta")).records[0]
    assert rec.status == "migrated" and "`type(self).calls`" in rec.reason, rec.reason
    rec = migrate(METACLASSED.format(meta="Meta")).records[0]
    assert rec.status == "skipped", rec.reason
    assert "CountKernel has a metaclass, which may run code on a class store" in rec.reason
