"""The codemod on a package whose makers and kernels are built by factory functions
(tests/migrate/corpus/pkg_factory): a factory of a helper module or of the op module whose
body is constants, one class statement and `return` of it, called at the top level with
static arguments, is read as its class with the parameters bound to the arguments as
written; the maker so read gives the proto, the kernel so read migrates to a functional
kernel written where the assignment stood (the assignment kept, with the kept comment,
where another module imports the class). The factory may set its class's `__name__`,
`__qualname__`, `__doc__` and `__module__` after the class statement, a `*args`
parameter is the tuple of the call's remaining arguments (a maker's `for ... in attrs:`
unrolled over it), and a `functools.partial` of a module function bound to its parameters
is read as that function's calls; so is a call given `functools.partial` of a module
function with static arguments. A dtype list an alias also names (`REAL_TYPES = REALS`)
is read through either name. A factory doing more (a closure over a list, another class attribute
set after the class statement) or a call with an argument computed at run time gives a
`skipped` row naming the factory and why. After `--write` every module still imports and
every op computes what it computed before (package_probe.py, before and after, in a
subprocess), and a second run changes nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from migrate_helpers import assert_nothing_broken, console, verified_rows, write_copy

from migrate.cli_entry import run_migrate

PACKAGE = "pkg_factory"
_WHY = "which the codemod cannot read as a class: "

#: kernel class -> (status, op, the reason's start)
EXPECTED: dict[str, tuple[str, str, str]] = {
    "AbsKernel": ("migrated", "fx_abs", "migrated; class kept for pkg_factory/reuse.py"),
    "SquareKernel": ("migrated", "fx_square", ""),
    "DoubleKernel": ("migrated", "fx_double", ""),
    "CountedKernel": (
        "skipped", "fx_counted",
        "built by the factory counted_kernel() (pkg_factory/makers.py) (`CountedKernel = "
        f"counted_kernel(np.negative)`), {_WHY}its class closes over `calls = []`, which is "
        "no constant; not migrated"),
    "ChainedKernel": ("migrated", "fx_chained", ""),
    "ExpKernel": ("migrated", "fx_exp", ""),
    "PowerKernel": ("migrated", "fx_power", ""),  # given a functools.partial
    "AffineKernel": ("migrated", "fx_affine", ""),
    "CopyKernel": ("migrated", "fx_copy", ""),
    "TunedKernel": (
        "skipped", "fx_tuned",
        "built by the factory tuned_kernel() (pkg_factory/makers.py) (`TunedKernel = "
        f"tuned_kernel(np.abs)`), {_WHY}it also runs `_Tuned.gain = 3.0` after its class "
        "statement (only its __name__, __qualname__, __doc__ and __module__ may be set); "
        "not migrated"),
    "OffsetKernel": ("migrated", "fx_offset", ""),
    "CbrtKernel": ("migrated", "fx_cbrt", ""),  # its __name__ set from its function's
    "KeywordOffsetKernel": (
        "skipped", "fx_keyword_offset",
        "built by the factory keyword_offset_kernel() (pkg_factory/makers.py) (`"
        f"KeywordOffsetKernel = keyword_offset_kernel(operator.gt)`), {_WHY}its class closes "
        "over `fn = functools.partial(_offset, cmp, sign=-1)`, which is no constant; not "
        "migrated"),
    "BuiltOffsetKernel": (
        "skipped", "fx_built_offset",
        "built by the factory built_offset_kernel() (pkg_factory/makers.py) (`"
        f"BuiltOffsetKernel = built_offset_kernel(operator.lt)`), {_WHY}its class closes "
        "over `fn = functools.partial(_offset, cmp, _unit())`, which is no constant; not "
        "migrated"),
    "PickedKernel": (
        "skipped", "fx_picked",
        "built by the factory unary_kernel() (pkg_factory/makers.py) (`PickedKernel = "
        f"unary_kernel(_pick())`), {_WHY}the argument `_pick()` is computed at run time; "
        "not migrated"),
}


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE)


def test_every_kernel_has_its_exact_row(written: dict[str, Any]) -> None:
    got = verified_rows(written)
    assert {k: (r["status"], r["op"], r["reason"]) for k, r in got.items()} == EXPECTED
    assert all(Path(r["file"]).name == "ops.py" for r in got.values())
    assert written["doc"]["written"]
    for r in got.values():
        if r["status"] == "migrated":
            assert r["verification"].startswith("identical on 2 of 2"), r


def test_the_factorys_arguments_are_bound_as_written(written: dict[str, Any]) -> None:
    ops = (written["pkg"] / "ops.py").read_text()
    # the maker's `doc` / `alpha` arguments make the proto (ops.yaml's attribute defaults)
    yaml = (written["pkg"] / "ops.yaml").read_text()
    assert "- op : fx_abs\n  args : (Tensor x, float alpha=1.0)" in yaml
    assert "- op : fx_square\n  args : (Tensor x, float alpha=0.5)" in yaml
    assert "out[...] = np.abs(x.data) * alpha  # note: computed element-wise" in ops
    assert "out[...] = np.square(x.data) * alpha" in ops
    # `*attrs` is the tuple of the call's remaining arguments, unrolled by the proto reader
    assert "- op : fx_affine\n  args : (Tensor x, float scale=2.0, float shift=-1.0)" in yaml
    assert "- op : fx_copy\n  args : (Tensor x)\n" in yaml
    assert "    for f in (np.abs, np.negative):\n        v = f(v)\n" in ops
    # the factory's __name__ / __qualname__ / __doc__ / __module__ statements change nothing
    assert "dev_ctx.alloc(out, x.dtype)[...] = np.exp(x.data) - x.data" in ops
    assert "ExpKernel =" not in ops and "__qualname__" not in ops
    # a factory of the module with a constant computed from its parameter
    assert "dev_ctx.alloc(out, x.dtype)[...] = x.data * (1.0 * 2)" in ops
    # makers, a kept kernel and the refused calls stay the assignments they were
    for line in ('AbsMaker = make_unary_maker("|X| * alpha")',
                 'SquareMaker = make_unary_maker(doc="X ** 2 * alpha", alpha=0.5)',
                 "# fluidphi migrate: kept, unregistered, for its users; op 'fx_abs' runs on "
                 "fx_abs_kernel\nAbsKernel = unary_kernel(np.abs)",
                 "CountedKernel = counted_kernel(np.negative)",
                 "PickedKernel = unary_kernel(_pick())"):
        assert f"\n{line}\n" in ops, line
    assert "SquareKernel =" not in ops and "DoubleKernel =" not in ops
    assert "class " not in ops.split("return _Scaled")[1]
    # a partial of a module function the factory bound: its call, the partial's arguments
    # first, bound as the factory call gives them (the function imported for it)
    assert "= _offset(operator.gt, 1, x.data, alpha)" in ops
    # a partial given as the factory's argument: a fresh partial where the class read it
    assert "functools.partial(_signed_power, p=1.5))(x.data) * alpha" in ops
    assert "\nKeywordOffsetKernel = keyword_offset_kernel(operator.gt)\n" in ops
    # the names the helper module's classes read were never imported here
    assert "ExecutionContext" not in ops and "OpProtoAndCheckerMaker" not in ops


def test_the_write_breaks_nothing_and_every_op_computes_as_before(written: dict[str, Any]
                                                                  ) -> None:
    before, after = written["before"], written["after"]
    migrated = {r["op"] for r in written["doc"]["kernels"] if r["status"] == "migrated"}
    assert migrated == {"fx_abs", "fx_square", "fx_double", "fx_chained", "fx_exp", "fx_affine",
                        "fx_copy", "fx_offset", "fx_cbrt", "fx_power"}
    assert_nothing_broken(written, migrated)
    assert set(before["ran"]) >= migrated | {"fx_counted", "fx_picked", "fx_tuned",
                                             "fx_keyword_offset", "fx_built_offset"}
    assert {op: after["phi_ran"][op] for op in migrated} == {
        op: before["ran"][op] for op in migrated}
    assert before["ran"]["fx_double"][0][:2] == [-4.0, -3.2727272510528564]


def test_a_second_run_changes_nothing(written: dict[str, Any]) -> None:
    pkg = written["pkg"]
    texts = {p: p.read_text() for p in pkg.rglob("*.py")}
    assert run_migrate([pkg], write=True, verify=False, console=console()) == 0
    assert {p: p.read_text() for p in pkg.rglob("*.py")} == texts
