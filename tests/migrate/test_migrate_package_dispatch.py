"""The codemod on kernels choosing what they run by name (tests/migrate/corpus/pkg_dispatch,
issue 23): a property reading a class constant becomes its lifted getter, called; a mixin
whose `_inputs` calls `super()._inputs(ctx)` reaches the next class's; `getattr(self,
"_reduce_" + mode)` becomes a lifted table of the kernel's `_reduce_*` methods (with a
default too: `getattr(self, "_spread_" + mode, None)`); a table
keyed by an Enum's members is inlined; a tuple `__init__` stores from a module constant
is the constant it is; `ctx.has_attr(N) and ctx.attr(N)` of an undeclared attribute is a
read defaulting to False. Kernel classes a loop makes and publishes through `globals()`
get rows of their own, named by importing the tree, and stay legacy.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import (
    assert_ops_as_before,
    console,
    copy_package,
    function_source,
    migrate,
    run_package_ops,
    unary,
    verified_rows,
    write_copy,
)

from migrate.cli_entry import run_migrate

PACKAGE = "pkg_dispatch"
MIGRATED = {"DsSquareKernel": "ds_square", "DsSoftsignKernel": "ds_softsign",
            "DsHypotKernel": "ds_hypot", "DsReduceKernel": "ds_reduce",
            "DsModKernel": "ds_mod", "DsScaleKernel": "ds_scale", "DsSpreadKernel": "ds_spread"}
MADE = {"DsCubeKernel": "ds_cube", "DsHalfKernel": "ds_half"}
RUNS = {"ds_square": [{}], "ds_softsign": [{}], "ds_cube": [{}], "ds_half": [{}],
        "ds_reduce": [{"mode": "sum"}, {"mode": "max"}, {"mode": "sum", "dims": [1]},
                      {"mode": "median"}],
        "ds_spread": [{"mode": "range"}, {"mode": "std"}, {"mode": "mad"}],
        "ds_mod": [{"rounding": "trunc"}, {"rounding": "floor"}, {"rounding": "ceil"}],
        "ds_scale": [{"scale": 1.3}, {"scale": 1.3, "round_output": True},
                     {"scale": 1.3, "round_output": False}]}


def _run(root: Path, mode: str) -> Any:
    return run_package_ops(root, [PACKAGE], RUNS, mode, frozenset(MADE.values()))


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE, _run)


def test_every_kernel_has_its_row(written: dict[str, Any]) -> None:
    rows = verified_rows(written)
    assert {k: (r["status"], r["op"]) for k, r in rows.items()} == {
        **{k: ("migrated", op) for k, op in MIGRATED.items()},
        **{k: ("skipped", op) for k, op in MADE.items()}}
    for kernel, op in MADE.items():
        assert rows[kernel]["reason"].startswith(
            f"built at run time by no class statement (importing the tree shows it "
            f"registered for {op})"), rows[kernel]


def test_every_op_computes_and_fails_as_before(written: dict[str, Any]) -> None:
    before = assert_ops_as_before(written)
    # the cases tell the branches apart
    assert before["ds_reduce {'mode': 'sum'}"] != before["ds_reduce {'mode': 'max'}"]
    assert "has no attribute '_reduce_median'" in str(before["ds_reduce {'mode': 'median'}"])
    assert before["ds_spread {'mode': 'range'}"] != before["ds_spread {'mode': 'std'}"]
    assert "ds_spread: no spread 'mad'" in str(before["ds_spread {'mode': 'mad'}"])
    assert before["ds_mod {'rounding': 'trunc'}"] != before["ds_mod {'rounding': 'floor'}"]
    assert "is not a valid Rounding" in str(before["ds_mod {'rounding': 'ceil'}"])
    rounded = before["ds_scale {'scale': 1.3, 'round_output': True}"]
    assert rounded != before["ds_scale {'scale': 1.3}"]
    assert before["ds_scale {'scale': 1.3}"] == before[
        "ds_scale {'scale': 1.3, 'round_output': False}"]


def test_the_written_kernels_read_as_their_classes_did(written: dict[str, Any]) -> None:
    pkg = written["pkg"]
    acts = (pkg / "acts.py").read_text()
    assert "def _func():" in acts and "_func()(dev_ctx.xp, x.data)" in acts
    assert "'DsSquareKernel' + \" sets no fn\"" in acts  # type(self).__name__, spelled
    reduce = (pkg / "reduce.py").read_text()
    assert "'_reduce_sum': _reduce_sum," in reduce
    assert 'handler = _reduce_methods("_reduce_" + mode)' in reduce, reduce
    assert 'pick = _spread_methods_or("_spread_" + mode, None)' in reduce, reduce
    tables = (pkg / "tables.py").read_text()
    assert "Rounding.TRUNC: \"fmod\"" in tables and "_BY_ROUNDING[" not in tables
    legacy = (pkg / "legacy.py").read_text()
    assert "round_output: Annotated[bool, AttrDefault(False)]" in legacy, legacy
    assert "make_kernel" in (pkg / "factory.py").read_text()  # left as it was


def test_without_verify_the_made_kernels_are_one_row_naming_the_loop(tmp_path: Path) -> None:
    pkg = copy_package(tmp_path, PACKAGE)
    out = tmp_path / "summary.json"
    assert run_migrate([pkg / "factory.py"], json_path=out, console=console()) == 0
    rows = json.loads(out.read_text())["kernels"]
    assert [(r["op"], r["kernel"], r["status"]) for r in rows] == [("?", "?", "skipped")]
    assert "`for _suffix, _fn in UNARY.items():` registers kernel classes the codemod cannot " \
           "name" in rows[0]["reason"], rows[0]


@pytest.mark.parametrize(("binding", "status"), [
    ("    FUNC = staticmethod(_halved)\n", "migrated"),
    ("    @staticmethod\n    def FUNC(xp, x, alpha):\n        return x * alpha / 2\n",
     "migrated"),
    # a plain function as a class attribute is a method through `self`: not the same call
    ("    FUNC = _halved\n", "skipped"),
])
def test_a_class_attribute_reached_through_type_self(binding: str, status: str) -> None:
    """`type(self).FUNC(...)` is `self.FUNC(...)` where FUNC is a staticmethod, a decorated
    `def` or `FUNC = staticmethod(fn)`: the same function through the class and self."""
    source = unary(f"""
def _halved(xp, x, alpha):
    return x * alpha / 2


class UnaryKernel(OpKernel):
{binding}
    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = type(self).FUNC(ctx.xp, x.data, ctx.attr("alpha"))
""")
    result = migrate(source)
    record = result.records[0]
    assert record.status == status, record.reason
    if status == "migrated":
        assert "(dev_ctx.xp, x.data, alpha)" in function_source(result, "unary_kernel")


@pytest.mark.parametrize(("bases", "status"), [
    ("BaseKernel", "migrated"),
    # a class between binding compute: `super()` would reach it, `BaseKernel.compute` not
    ("Tweaked, BaseKernel", "skipped"),
])
def test_a_base_method_called_through_its_class(bases: str, status: str) -> None:
    """`BaseKernel.compute(self, ctx)` in a subclass's compute is `super(UnaryKernel,
    self).compute(ctx)` where both reach the same def, read as any cooperative call."""
    source = unary(f"""
class BaseKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * ctx.attr("alpha")


class Tweaked(BaseKernel):
    def compute(self, ctx):
        ctx.output("Out").mutable_data(ctx.place)[...] = 0.0


class UnaryKernel({bases}):
    def compute(self, ctx):
        BaseKernel.compute(self, ctx)
        out = ctx.output("Out")
        out.data[...] = out.data + 1
""")
    result = migrate(source)
    record = next(r for r in result.records if r.kernel == "UnaryKernel")
    assert record.status == status, record.reason
    if status == "skipped":
        assert "calls BaseKernel.compute(), which is no staticmethod" in record.reason
