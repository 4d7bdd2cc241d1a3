"""The codemod on a package whose class factories check their arguments first
(tests/migrate/corpus/pkg_checked): an `if` before the class statement whose body is one
`raise` and whose test only reads (`not hasattr(np, func_name)`, `isinstance`, `len`,
comparisons, `and` / `or`) ran at import on the call's static arguments, so it is read as a
precondition: the call reads as the class it builds, the migrated kernel leaves the guard
out, and a module calling a factory of another module need not import what only the guard
reads (`migrate/factory_guards.py`). A maker factory's guard alike (its call written back as
it was). The negative twins keep their refusal, named: a guard that also prints, one whose
test calls a function of the package, a maker factory's guard booking what it sees (its op
then migrates, verify on, on the proto importing the tree gives). After
`--write` (verified) every module imports and every op computes as before, and a second run
changes nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import libcst as cst
import pytest
from migrate_helpers import (
    CORPUS,
    assert_nothing_broken,
    console,
    dedent,
    verified_rows,
    write_copy,
)

from migrate.cli_entry import run_migrate
from migrate.factory_guards import guards
from migrate.live_protos import LIVE_PROTO

PACKAGE = "pkg_checked"
_WHY = "which the codemod cannot read as a class: its body also runs "

#: kernel class -> (module, status, op, reason)
EXPECTED: dict[str, tuple[str, str, str, str]] = {
    "CkTanhKernel": ("ops.py", "migrated", "ck_tanh", ""),
    "CkAbsKernel": ("ops.py", "migrated", "ck_abs", ""),
    "CkScaleKernel": ("ops.py", "migrated", "ck_scale", ""),
    "CkShiftKernel": ("ops.py", "migrated", "ck_shift", ""),
    "CkExpKernel": ("more.py", "migrated", "ck_exp", ""),
    "CkSinKernel": (
        "ops.py", "skipped", "ck_sin",
        'built by the factory loud_ufunc_kernel() (`CkSinKernel = loud_ufunc_kernel("sin")`), '
        f'{_WHY}`if not hasattr(np, func_name):\n    print("missing", func_name)\n    '
        "raise AttributeError(func_name)`; not migrated"),
    "CkCosKernel": (
        "ops.py", "skipped", "ck_cos",
        'built by the factory listed_ufunc_kernel() (`CkCosKernel = listed_ufunc_kernel("cos")'
        f"`), {_WHY}`if not _known(func_name):\n    raise ValueError(func_name)`; not migrated"),
    # its maker's factory books what it sees: refused statically (`test_without_verify_...`),
    # with verify on its op migrates on the proto importing the tree gives (`live_protos`)
    "CkCopyKernel": ("ops.py", "migrated", "ck_copy", f"migrated; {LIVE_PROTO}"),
}
_COPY_STATIC = (
    "op proto of 'ck_copy' is not statically readable: its maker NotedMaker is built by "
    'the factory noted_maker() (pkg_checked/kit.py) (`NotedMaker = noted_maker("X")`), '
    f"{_WHY}`if not _note(doc):\n    raise ValueError(doc)`")


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return write_copy(tmp_path_factory.mktemp("written"), PACKAGE)


def test_every_kernel_has_its_exact_row(written: dict[str, Any]) -> None:
    got = verified_rows(written)
    assert {k: (Path(r["file"]).name, r["status"], r["op"], r["reason"])
            for k, r in got.items()} == EXPECTED
    for r in got.values():
        if r["status"] == "migrated":
            assert r["verification"].startswith("identical on 2 of 2"), r


def test_without_verify_the_booking_maker_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "dry.json"
    run_migrate([CORPUS / PACKAGE], json_path=out, console=console())
    rows = {r["kernel"]: r for r in json.loads(out.read_text())["kernels"]}
    assert (rows["CkCopyKernel"]["status"], rows["CkCopyKernel"]["reason"]) == (
        "skipped", _COPY_STATIC)


def test_the_guards_are_no_part_of_the_migrated_kernels(written: dict[str, Any]) -> None:
    pkg = written["pkg"]
    ops = (pkg / "ops.py").read_text()
    for op, func in (("ck_tanh", "tanh"), ("ck_abs", "absolute")):
        kernel = ops.split(f"def {op}_kernel(")[1].split("\n\n\n")[0]
        assert f'fn = getattr(np, "{func}")' in kernel and "raise" not in kernel, kernel
    assert "CkTanhKernel =" not in ops and "CkAbsKernel =" not in ops
    # the factories stay, their guards with them; so do the refused calls and the makers
    assert ops.count("    if not hasattr(np, func_name):\n") == 2
    for line in ('CkSinKernel = loud_ufunc_kernel("sin")',
                 'CkCosKernel = listed_ufunc_kernel("cos")',
                 'ScaleMaker = scaled_maker("X * scale", 2.0)', 'NotedMaker = noted_maker("X")',
                 'register_operator("ck_shift", UnaryOp, scaled_maker("X + scale", '
                 "default=0.5))"):
        assert f"\n{line}\n" in ops, line
    yaml = (pkg / "ops.yaml").read_text()
    assert "- op : ck_scale\n  args : (Tensor x, float scale=2.0)" in yaml
    assert "- op : ck_shift\n  args : (Tensor x, float scale=0.5)" in yaml
    more = (pkg / "more.py").read_text()
    # only the guard read numpy: the module calling the kit's factory imports none
    assert "\nimport numpy" not in more and "np." not in more
    assert 'dev_ctx.alloc(out, x.dtype)[...] = _apply("exp", x.data)' in more


def test_the_write_breaks_nothing_and_every_op_computes_as_before(written: dict[str, Any]
                                                                  ) -> None:
    before, after = written["before"], written["after"]
    migrated = {r["op"] for r in written["doc"]["kernels"] if r["status"] == "migrated"}
    assert migrated == {"ck_tanh", "ck_abs", "ck_scale", "ck_shift", "ck_exp", "ck_copy"}
    assert_nothing_broken(written, migrated)
    assert set(before["ran"]) >= migrated | {"ck_sin", "ck_cos"}
    assert {op: after["phi_ran"][op] for op in migrated} == {
        op: before["ran"][op] for op in migrated}


def test_a_second_run_changes_nothing(written: dict[str, Any]) -> None:
    pkg = written["pkg"]
    texts = {p: p.read_text() for p in pkg.rglob("*.py")}
    assert run_migrate([pkg], write=True, verify=False, console=console()) == 0
    assert {p: p.read_text() for p in pkg.rglob("*.py")} == texts


def _guarded(guard: str, module: str = "") -> bool:
    """Whether the first statement of a factory opening with `guard` reads as a guard."""
    text = dedent(module) + "\n\ndef factory(name, size=None):\n" + "".join(
        f"    {line}\n" for line in dedent(guard).splitlines()) + (
        "\n    class _K:\n        pass\n\n    return _K\n")
    parsed = cst.parse_module(text)
    fn = next(s for s in parsed.body if isinstance(s, cst.FunctionDef))
    return id(fn.body.body[0]) in guards(fn, parsed)


@pytest.mark.parametrize("guard", [
    "if not hasattr(np, name):\n    raise AttributeError(name)",
    "if not hasattr(np, name): raise AttributeError(name)",
    "if size is not None and (not isinstance(size, int) or size < -1):\n    raise TypeError()",
    "if name not in ('a', 'b') or len(name) > 8:\n    raise ValueError(name.upper())",
    "if not callable(getattr):\n    raise TypeError",
    "if np.float32 == name:\n    raise ValueError",
])
def test_a_guard_that_only_reads_is_a_precondition(guard: str) -> None:
    assert _guarded(guard)


@pytest.mark.parametrize(("guard", "module"), [
    ("if not hasattr(np, name):\n    print(name)\n    raise AttributeError(name)", ""),
    ("if not hasattr(np, name):\n    raise AttributeError(name)\nelse:\n    pass", ""),
    ("if not hasattr(np, name):\n    name = 'x'", ""),
    ("if not _known(name):\n    raise ValueError(name)", ""),
    ("if not getattr(np, name):\n    raise ValueError(name)", ""),  # not among the checks
    ("if name % 2:\n    raise ValueError(name)", ""),  # an operator may run code
    ("if name[0] == 'x':\n    raise ValueError(name)", ""),
    ("if (size := len(name)):\n    raise ValueError(name)", ""),
    ("if len(name) > 8:\n    raise ValueError(name)", "len = print"),  # rebound here
    ("if len(name) > 8:\n    raise ValueError(name)", "from helpers import *"),
    ("if hasattr(name, f'{size}'):\n    raise ValueError(name)", ""),
])
def test_anything_else_is_no_guard(guard: str, module: str) -> None:
    assert not _guarded(guard, module)


def test_a_factory_rebinding_a_check_has_no_guard() -> None:
    assert not _guarded("if len(name) > 8:\n    raise ValueError(name)\nlen = 3")


@pytest.mark.parametrize(("helpers", "is_guard"), [
    ("FLOATS = ('f32', 'f64')\n", True),  # exports no check: the guard stands
    ("__all__ = ['FLOATS']\nFLOATS = ()\nlen = print\n", True),  # rebinds one, unexported
    ("FLOATS = ()\nlen = print\n", False),  # exports a rebound `len`
    ("from .deeper import *\n", False),  # which exports one in turn
])
def test_a_star_import_of_a_tree_module_shadows_only_what_it_exports(
        tmp_path: Path, helpers: str, is_guard: bool) -> None:
    pkg = tmp_path / "pkg_star"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "helpers.py").write_text(helpers)
    (pkg / "deeper.py").write_text("len = print\n")
    text = ("from .helpers import *\n\n\ndef factory(name):\n    if len(name) > 8:\n"
            "        raise ValueError(name)\n\n    class _K:\n        pass\n\n    return _K\n")
    (pkg / "ops.py").write_text(text)
    parsed = cst.parse_module(text)
    fn = next(s for s in parsed.body if isinstance(s, cst.FunctionDef))
    assert (id(fn.body.body[0]) in guards(fn, parsed, pkg / "ops.py")) is is_guard
    assert id(fn.body.body[0]) not in guards(fn, parsed)  # no file: the star binds anything
