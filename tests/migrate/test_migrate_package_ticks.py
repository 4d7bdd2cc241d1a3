"""The codemod on a write-only run counter next to attributes reached by a computed name
(tests/migrate/corpus/pkg_ticks, issue 23): `getattr(np, name)`, `hasattr("text", name)`,
`getattr(ctx.xp, self.FUNC)` and `getattr(ctx.xp, name)` on a parameter annotated
ExecutionContext get attributes of objects that are provably no kernel instance, so they
cannot read the counter, which is dropped. The negative twins: a `getattr` of anything else
(`self`, a parameter, a name bound otherwise too) anywhere in the tree keeps the refusal.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import (
    LONE_HEADER,
    assert_nothing_broken,
    console,
    copy_package,
    migrate,
    verified_rows,
    write_copy,
    write_tree,
)

from migrate.cli_entry import run_migrate

PACKAGE = "pkg_ticks"
REAL = {"CPU": ["FLOAT32", "FLOAT64"]}
MIGRATED = {"tk_clamp", "tk_tanh", "tk_sin"}
COMPUTED = ("not a write-only counter: pkg_ticks/{0} calls getattr() with an attribute name "
            "it computes")


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE)


def test_the_counter_is_dropped_beside_lookups_of_no_kernel(written: dict[str, Any]) -> None:
    rows = verified_rows(written)
    assert {k: (Path(r["file"]).name, r["status"], r["op"]) for k, r in rows.items()} == {
        "TickClampKernel": ("tally.py", "migrated", "tk_clamp"),
        "NamedUfuncKernel": ("lookup.py", "migrated", "tk_tanh"),
        "NamedHelperKernel": ("lookup.py", "migrated", "tk_sin"),
    }
    assert rows["TickClampKernel"]["reason"].startswith(
        "migrated; drops the write-only counter `self.ticks`"), rows["TickClampKernel"]
    assert all(r["dtypes"] == REAL for r in rows.values())
    tally = (written["pkg"] / "tally.py").read_text()
    assert "ticks" not in tally and "class TickClampKernel" not in tally


def test_the_write_breaks_nothing(written: dict[str, Any]) -> None:
    before, after = written["before"], written["after"]
    assert set(before["ran"]) == MIGRATED
    assert all(isinstance(v, list) for v in before["ran"].values()), before["ran"]
    assert_nothing_broken(written, MIGRATED)
    assert after["phi_ran"] == {op: before["ran"][op] for op in MIGRATED}


def test_a_second_run_changes_nothing(written: dict[str, Any]) -> None:
    pkg = written["pkg"]
    texts = {p: p.read_text() for p in pkg.rglob("*.py")}
    assert run_migrate([pkg], write=True, verify=False, console=console()) == 0
    assert {p: p.read_text() for p in pkg.rglob("*.py")} == texts


@pytest.mark.parametrize(("peek", "module"), [
    ("def peek(obj, name):\n    return getattr(obj, name)\n", "peek.py"),
    # a class handed out by name: anything may derive from it, a kernel too
    ("class Shown:\n    def show(self, name):\n        return getattr(self, name)\n\n\n"
     "PEEKERS = [Shown]\n", "peek.py"),
    ("import numpy as np\nnp = object()\n\ndef peek(name):\n    return getattr(np, name)\n",
     "peek.py"),
    ("def peek(ctx, name):\n    return getattr(ctx.xp, name)\n", "peek.py"),
])
def test_a_lookup_on_what_may_be_a_kernel_keeps_the_refusal(
        tmp_path: Path, peek: str, module: str) -> None:
    pkg = copy_package(tmp_path, PACKAGE)
    (pkg / module).write_text(peek)
    written = write_tree(tmp_path, PACKAGE)
    rows = verified_rows(written)
    row = rows["TickClampKernel"]
    assert row["status"] == "skipped", row
    assert "keeps instance state: its __init__ sets `self.ticks = 0`" in row["reason"], row
    assert COMPUTED.format(module) in row["reason"], row
    assert {k: r["status"] for k, r in rows.items() if k != "TickClampKernel"} == {
        "NamedUfuncKernel": "migrated", "NamedHelperKernel": "migrated"}
    assert "self.ticks += 1" in (pkg / "tally.py").read_text()


LONE = """
import math

import numpy as np

from legacy_fluid.framework.execution_context import ExecutionContext as Ctx
""" + LONE_HEADER + '''

class CountKernel(OpKernel):
    def __init__(self):
        super().__init__()
        self.n = 0

    def compute(self, ctx):
        self.n += 1
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data


{extra}

register_operator("cnt", O, M)
register_op_kernel("cnt", "CPU", CountKernel, DataType.FLOAT32)
'''


@pytest.mark.parametrize("extra", [
    "def f(name):\n    return getattr(math, name), hasattr(np, name)",
    "def f(name):\n    return getattr((1, 2), name), getattr('ab', name), getattr({}, name)",
    "def f(ctx: Ctx, name):\n    return getattr(ctx, name), getattr(ctx.xp, name)",
    "class K:\n    def compute(self, ctx):\n        return getattr(ctx.xp, ctx.attr('f'))",
    # the self of a plain class (only called and derived by plain classes): no kernel
    "class K:\n    def compute(self, ctx):\n        return getattr(self, ctx.attr('f'))",
])
def test_a_lookup_on_no_kernel_instance_is_no_read(extra: str) -> None:
    rec = migrate(LONE.format(extra=extra)).records[0]
    assert rec.status == "migrated", rec.reason
    assert "drops the write-only counter `self.n`" in rec.reason


@pytest.mark.parametrize("extra", [
    "def f(obj, name):\n    return getattr(obj, name)",
    "def f(ctx, name):\n    return getattr(ctx, name)",
    "def f(ctx: Ctx, name):\n    ctx = CountKernel()\n    return getattr(ctx, name)",
    "def f(name):\n    return getattr(CountKernel(), name)",
    "def f(ctx: Ctx, name):\n    return getattr(ctx.op, name)",
    "class K(CountKernel):\n    def compute(self, ctx):\n"
    "        return getattr(self, ctx.attr('f'))",
    "class K:\n    def compute(self, ctx):\n        return getattr(self, ctx.attr('f'))\n\n\n"
    "class KK(K, CountKernel):\n    pass",
    "class K:\n    @staticmethod\n    def compute(kernel, ctx):\n"
    "        return getattr(ctx, ctx.attr('f'))",
    "def getattr(obj, name):\n    return obj\n\n\ndef f(name):\n    return getattr(np, name)",
    "def f(name, **kw):\n    return getattr(np, name) if name else getattr(**kw)",
])
def test_a_lookup_on_what_may_be_a_kernel_instance_is_a_read(extra: str) -> None:
    rec = migrate(LONE.format(extra=extra)).records[0]
    assert rec.status == "skipped", rec.reason
    assert "not a write-only counter" in rec.reason, rec.reason
