"""The codemod on a package registering its kernels by loops over module-level literal
tables (tests/migrate/corpus/pkg_tables).

`tables.py`: a dict's `.items()` unpacked into `(name, class)` with the op name in a loop
local (`_op = f"tt_{_fn}"`), a dict iterated over its keys and indexed (`_POWERS[_name]`),
a list of pairs one of whose kernels stays legacy (the loop is unrolled, the local spelled
as its value). `mutated.py`: a table changed after it was built, and an op name computed by
a call, which the codemod cannot read: verify's import of the tree gives their keys and
protos, and the kernels migrate with those loops kept as written. `stored.py`: kernels
whose `__init__` stores the kernels they compose (`self._square = SquareKernel()`) migrate as the
composition `SquareKernel().compute(ctx)`; an `__init__` doing more, or a stored kernel
handed out by another method, is refused naming the statement.

After `--write` every module still imports, the ops left legacy compute what they did, and
each migrated op gives, through its PHI kernel, the values its legacy kernel gave.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import (
    HEADER,
    UNARY,
    assert_nothing_broken,
    dedent,
    migrate,
    run_package_ops,
    verified_rows,
    write_copy,
)

PACKAGE = "pkg_tables"

_KEPT = "migrated; class kept for a module-level statement"
_UNREAD = "registration not statically readable ("
#: importing the tree (verify on) shows the kernel registered, its op declared in the same
#: loop the codemod cannot read
#: the loops of mutated.py, which the codemod cannot read: importing the tree (verify on)
#: gives their keys and protos, and the kernels migrate with those loops kept as written
_LIVE = ("migrated; legacy registration kept: registered by `{0}`, which the codemod cannot "
         "read; keys from importing the tree; proto from importing the tree")
_INIT = " defines __init__ (instance state or behaviour beyond compute: "
#: (module, kernel class) -> (status, op, the reason, exactly)
EXPECTED = {
    ("tables.py", "SqrtKernel"): ("migrated", "tt_sqrt", _KEPT),
    ("tables.py", "NegKernel"): ("migrated", "tt_negative", _KEPT),
    ("tables.py", "SquareKernel"): ("migrated", "tt_square", _KEPT),
    ("tables.py", "CubeKernel"): ("migrated", "tt_cube", _KEPT),
    ("tables.py", "AbsKernel"): ("migrated", "tt_abs", _KEPT),
    ("tables.py", "SignKernel"): ("skipped", "tt_sign", "compute() is decorated with @_traced"),
    ("mutated.py", "ExpKernel"): ("migrated", "tm_exp", _LIVE.format(
        "for _fn, _cls in _KERNELS.items():")),
    ("mutated.py", "TanhKernel"): ("migrated", "tm_tanh", _LIVE.format(
        "for _fn, _cls in _KERNELS.items():")),
    ("mutated.py", "SinKernel"): ("migrated", "tm_sin", _LIVE.format(
        'for _fn, _cls in (("sin", SinKernel),):')),
    ("stored.py", "SquareKernel"): ("migrated", "ts_square", "migrated; class kept for class "
                                    "CountingSquareKernel, class SharedSquareKernel"),
    ("stored.py", "HalfSquareKernel"): ("migrated", "ts_half_square", ""),
    ("stored.py", "SquarePlusOneKernel"): ("migrated", "ts_square_plus_one", ""),
    ("stored.py", "CountingSquareKernel"): (
        "skipped", "ts_counting_square", "CountingSquareKernel keeps instance state: its "
        "__init__ sets `self.calls = 0`; a PHI kernel is a plain function, with no instance "
        "to keep it between runs (only an `__init__` storing the kernels it composes, "
        "`self.k = OtherKernel()`, is read); not a write-only counter: pkg_tables/stored.py "
        "reads `.calls` (`self.calls`); not an instance constant: CountingSquareKernel."
        "compute() uses `self.calls` as a target: it changes"),
    ("stored.py", "SharedSquareKernel"): (
        "skipped", "ts_shared_square", "SharedSquareKernel" + _INIT + "self._square = "
        "SquareKernel() is used beyond `self._square.compute(ctx)` in compute(): "
        "`return self._square`)"),
}
#: ops whose legacy kernels still run after the write (left legacy, or migrated with their
#: legacy registration kept) and those served by their PHI kernel alone
LEGACY = frozenset({"tt_sign", "tm_exp", "tm_tanh", "tm_sin", "ts_counting_square",
                    "ts_shared_square"})
MIGRATED = {op for status, op, _ in EXPECTED.values() if status == "migrated"} - LEGACY
CASES: dict[str, list[dict[str, Any]]] = {op: [{}] for op in sorted(MIGRATED | LEGACY)}
MODULES = [f"{PACKAGE}.{m}" for m in ("tables", "mutated", "stored")]


def run_ops(root: Path, mode: str) -> dict[str, Any]:
    return run_package_ops(root, MODULES, CASES, mode, LEGACY)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("tables"), PACKAGE, run_ops)


def test_every_kernel_has_its_exact_row(written: dict[str, Any]) -> None:
    got = verified_rows(written, lambda r: (Path(r["file"]).name, r["kernel"]))
    assert {k: (r["status"], r["op"], r["reason"]) for k, r in got.items()} == EXPECTED


def test_the_write_breaks_no_module_and_the_ops_keep_their_values(written: dict[str, Any]
                                                                  ) -> None:
    assert_nothing_broken(written, MIGRATED)
    assert set(written["after"]["ran"]) >= LEGACY
    ops = written["before_ops"]
    assert ops["ts_half_square {}"][0][0] == pytest.approx(2.0)  # (-2)**2 / 2
    assert ops["ts_square_plus_one {}"][0][0] == pytest.approx(5.0)
    assert ops["tt_cube {}"][0][0] == pytest.approx(-8.0)
    assert ops["tt_sqrt {}"][0][0] == pytest.approx(2 ** 0.5)


def test_the_loops_keep_their_shape_or_are_unrolled_with_the_local_spelled(
        written: dict[str, Any]) -> None:
    tables = (written["pkg"] / "tables.py").read_text()
    assert ('for _fn, _cls in _KERNELS.items():\n    _op = f"tt_{_fn}"\n'
            "    register_operator(_op, UfuncOp, UfuncMaker)\n\n") in tables
    assert ("for _name in _POWERS:  # noqa: PLC0206 (a foreign habit: keys, then D[k])\n"
            '    register_operator("tt_" + _name, UfuncOp, UfuncMaker)'
            "\n\n") in tables
    assert ('register_operator("tt_abs", UfuncOp, UfuncMaker)\n'
            'register_operator("tt_sign", UfuncOp, UfuncMaker)\n'
            'register_op_kernel("tt_sign", "CPU", SignKernel, DataType.FLOAT32)\n') in tables
    assert "register_op_kernel(_op" not in tables
    stored = (written["pkg"] / "stored.py").read_text()
    assert ("def ts_half_square_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor)"
            " -> None:\n    ts_square_kernel(dev_ctx, x, out)\n") in stored
    assert "class HalfSquareKernel" not in stored and "self.inner" not in stored


#: a table registering UnaryKernel; `{change}` is what the module does to it afterwards
_TABLE = '''
_TABLE = {"unary": UnaryKernel}
{change}
for _op, _kernel in _TABLE.items():
    register_operator(_op, UnaryOp, UnaryOpMaker)
    register_op_kernel(_op, "CPU", _kernel, DataType.FLOAT32)
'''
_KERNEL = '''
class UnaryKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * 2
'''


@pytest.mark.parametrize(("change", "why"), [
    ("", None),
    ("_TABLE.update({})", "is changed or handed out through `.update` (`_TABLE.update({})`)"),
    ("_TABLE.setdefault('x', None)", "is changed or handed out through `.setdefault`"),
    ("del _TABLE['x']", "is changed in place (`del _TABLE['x']`)"),
    ("_TABLE |= {}", "is bound more than once in its module (`_TABLE |= {}`)"),
    ("_TABLE = dict(_TABLE)", "is bound more than once in its module"),
    ("def _reset():\n    global _TABLE\n    _TABLE = {}", "is bound more than once"),
    ("_ALIAS = _TABLE", None),  # an alias only read: followed, the table read
    ("_ALIAS = _TABLE\n_ALIAS['x'] = None",
     "is handed on as '_ALIAS', which is changed in place (`_ALIAS['x'] = None`)"),
    ("_ALIAS = _TABLE\n_ALIAS = {}", "is handed on as '_ALIAS', which is bound more than once"),
    ("_ALL = [_TABLE]", "is handed on where it may be changed (`_ALL = [_TABLE]`)"),
    ("def _fill(table):\n    table['x'] = None\n_fill(_TABLE)",
     "is handed to a function of its module, which may change it (`_fill(_TABLE)`)"),
    ("print(len(_TABLE), _TABLE.get('unary'), 'unary' in _TABLE)", None),
    ("_MORE = {**_TABLE}\n_KEYS = [*_TABLE]", None),
    ("_BOTH = _TABLE | {'x': None}\n_SAME = _TABLE == {}\n_NONE = not _TABLE", None),
])
def test_a_table_is_read_only_while_nothing_may_change_it(change: str, why: str | None
                                                         ) -> None:
    source = HEADER + UNARY + dedent(_KERNEL) + _TABLE.replace("{change}", change)
    (record,) = migrate(source).records
    if why is None:
        assert (record.status, record.op_type) == ("migrated", "unary"), record.reason
    else:
        assert record.status == "skipped"
        assert record.reason.startswith(f"{_UNREAD}_TABLE.items(): '_TABLE' {why}"), \
            record.reason


@pytest.mark.parametrize(("local", "read"), [
    ('_name = "un" + "ary"', True),
    ("_name, _dt = ('unary', DataType.FLOAT32)", True),
    ("_name = _ops[0]", True),
    ("_name = str('unary')", False),
    ("_name = 'unary'.lower()", False),
    ("_name = 'un' * 1 + 'ary'", False),
])
def test_a_loop_local_is_read_when_made_of_names_and_constants(local: str, read: bool) -> None:
    register = f'''
for _ops in (("unary",),):
    {local}
    register_operator("unary", UnaryOp, UnaryOpMaker)
    register_op_kernel(_name, "CPU", UnaryKernel, DataType.FLOAT32)
'''
    (record,) = migrate(HEADER + UNARY + dedent(_KERNEL) + register).records
    if read:
        assert record.status == "migrated", record.reason
    else:
        assert record.status == "skipped"
        assert record.reason == f"{_UNREAD}registration inside `{local}`)"


@pytest.mark.parametrize(("init", "why"), [
    ("self._twice = TwiceKernel()", None),
    ('"""Stores what it composes."""\nsuper().__init__()\nself._twice = TwiceKernel()', None),
    ("self._twice = TwiceKernel()\nself._twice = TwiceKernel()",
     "`self._twice = TwiceKernel()`"),
    ("self._twice = TwiceKernel(2)", "`self._twice = TwiceKernel(2)`"),
    ("super().__init__()\nself._twice = TwiceKernel()\nprint('made')", "`print('made')`"),
])
def test_an_init_storing_a_composed_kernel_composes_it(init: str, why: str | None) -> None:
    body = "\n".join("        " + line for line in init.splitlines())
    kernels = f'''
class TwiceKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * 2


class UnaryKernel(OpKernel):
    def __init__(self):
{body}

    def compute(self, ctx):
        self._twice.compute(ctx)
'''
    register = '''
register_operator("unary", UnaryOp, UnaryOpMaker)
register_op_kernel("unary", "CPU", UnaryKernel, DataType.FLOAT32)
register_operator("twice", UnaryOp, UnaryOpMaker)
register_op_kernel("twice", "CPU", TwiceKernel, DataType.FLOAT32)
'''
    result = migrate(HEADER + UNARY + kernels + register)
    record = next(r for r in result.records if r.kernel == "UnaryKernel")
    if why is None:
        assert record.status == "migrated", record.reason
        assert "twice_kernel(dev_ctx, x, out)" in result.new_text
    else:
        assert record.status == "skipped"
        assert record.reason == (f"UnaryKernel{_INIT}{why}; only storing kernels it composes, "
                                 "`self.k = OtherKernel()`, is read)")
