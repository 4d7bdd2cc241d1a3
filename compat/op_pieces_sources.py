"""Where the code around one op's kernels lives, for `fluidphi kernels OP`: the shared
`phi/kernels/funcs` code a kernel calls, the generated `phi.api` function, and (in a source
checkout; the wheel ships no tests) the op's conformance cases and Paddle fixtures.
"""

from __future__ import annotations

import inspect
import json
import types
from pathlib import Path
from typing import Any

from phi.core.kernel_table import row_of

ROOT = Path(__file__).resolve().parent.parent
FUNCS_PACKAGE = "phi.kernels.funcs"
OP_CASES = ROOT / "tests" / "conformance" / "op_cases"
FIXTURE_KINDS = ("ops", "grads")


def _rel(path: Path) -> str:
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


def source_line(obj: Any) -> str:
    """`path:line` of a function, class or module, relative to the project root when inside;
    for a kernel made from a table row (phi.core.kernel_table), the row's line."""
    target = inspect.unwrap(obj) if callable(obj) else obj
    made = row_of(target) if callable(target) else None
    if made is not None:
        path, line = made[0].site
        return f"{_rel(Path(path))}:{line}"
    try:
        path = Path(inspect.getsourcefile(target) or "?")
        line = 1 if isinstance(target, types.ModuleType) else inspect.getsourcelines(target)[1]
    except (OSError, TypeError):
        return "?"
    return f"{_rel(path)}:{line}"


def _funcs_module(value: Any) -> types.ModuleType | None:
    """The `phi.kernels.funcs` module a global names: the module itself, or the module of
    the function or class it is."""
    if isinstance(value, types.ModuleType):
        module = value
    else:
        module = inspect.getmodule(value) if callable(value) else None
    if module is None or not module.__name__.startswith(FUNCS_PACKAGE + "."):
        return None
    return module


def funcs_used(functions: list[Any]) -> list[dict[str, str]]:
    """The `phi/kernels/funcs` modules the kernel functions name in their code (directly,
    by module or by an imported function), each with its file. For a kernel made from a
    table row: its template's code and what the row names (a row's function outside
    funcs/, such as a module's shared body, read like a kernel function)."""
    found: dict[str, str] = {}
    pending = list(functions)
    while pending:
        target = inspect.unwrap(pending.pop(0))
        values: list[Any] = []
        made = row_of(target)
        if made is not None:
            row, target = made
            values += [row.func, row.extra]
            if _funcs_module(row.func) is None and callable(row.func):
                pending.append(row.func)
        code = getattr(target, "__code__", None)
        if code is None:
            continue
        names = set(code.co_names)
        for const in code.co_consts:  # names used in nested functions and comprehensions
            if isinstance(const, types.CodeType):
                names.update(const.co_names)
        values += [target.__globals__.get(name) for name in sorted(names)]
        for value in values:
            module = _funcs_module(value)
            if module is not None:
                found.setdefault(module.__name__, source_line(module))
    return [{"module": m, "file": f} for m, f in sorted(found.items())]


def api_function(name: str) -> dict[str, str] | None:
    """The generated `phi.api` function of an ops.yaml / backward.yaml entry."""
    from phi import api

    fn = api.functions().get(name)
    if fn is None:
        return None
    return {"function": f"phi.api.{name}", "file": source_line(fn)}


def _first_line(path: Path, needle: str) -> int:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if needle in line:
            return number
    return 0


def case_sources(op_types: list[str]) -> list[dict[str, Any]]:
    """Per fixture family holding cases of `op_types`: the cases file (`file:line` of the
    first case of the op), the op_cases module that writes them, and how many there are.
    Empty outside a source checkout."""
    fixtures = ROOT / "tests" / "fixtures"
    if not fixtures.is_dir():
        return []
    wanted = set(op_types)
    found = []
    for kind in FIXTURE_KINDS:
        for cases_file in sorted((fixtures / kind).glob("*/cases.json")):
            cases = json.loads(cases_file.read_text(encoding="utf-8")).get("cases", {})
            for op in sorted(wanted & {c.get("op") for c in cases.values()}):
                count = sum(1 for c in cases.values() if c.get("op") == op)
                quoted = f'"{op}"'
                needle = f'"op": {quoted}'
                family = cases_file.parent.name
                module = OP_CASES / f"{family}.py"
                found.append({
                    "op_type": op, "kind": kind, "family": family, "count": count,
                    "fixtures": f"{_rel(cases_file)}:{_first_line(cases_file, needle)}",
                    "cases": (f"{_rel(module)}:{_first_line(module, quoted)}"
                              if module.is_file() else None),
                })
    return found
