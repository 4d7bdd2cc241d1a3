"""Kernel classes registered from data: a record in their module's `MANIFEST` list.

A team habit: each plug-in module exports `MANIFEST = [OpSpec(...), KernelBinding("x_op",
XKernel, FLOATING, ("CPU", "GPU")), ...]` (records: frozen dataclasses or NamedTuples),
and the package's `__init__` calls `load_plugins()`, which imports each plug-in and passes
its `MANIFEST` to `install(manifest)`, which registers the operators, then each binding's
kernel for each of its devices and dtypes. Importing the tree (`live_import`) shows the
keys each class was registered under, the top-level statement that ran (`load_plugins()`)
and the call inside `install` that added each key.

Such a class loses its registration exactly when its record goes, so it migrates (the
record taken out of the `MANIFEST` literal, the other records staying; the class statement
replaced by the PHI kernel registered for exactly the keys observed) when this module
proves, reading the tree with LibCST, that:

- the statement that ran is a plain `NAME()` call of a module-level function calling
  `install(X.MANIFEST)`, where `install` is the module-level function of the same module
  holding the calls that added the keys;
- `install` iterates its parameter (`for record in manifest`), holds nothing that makes
  which keys it adds depend on more than each record (no `while`, `break`, `continue`,
  `return`, `try`, counter; an `if` tests only the record's fields, its type or an
  environment gate, `env_gates`), and each call adding a key passes only the record's
  fields and the variables of loops over them (`*record.dtypes`);
- the call passes the kernel as `record.FIELD`, the record class (named by the
  `isinstance` test around it) is a NamedTuple or a frozen dataclass declaring FIELD, and
  the class's module binds `MANIFEST` once, to a list literal, nothing else naming it,
  with exactly one element a call of that record class (the same object, `tree_origins`)
  passing the kernel class as FIELD (by position or keyword) and naming it nowhere else.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import libcst as cst

from migrate.booked_publish import (
    UNCARRIED,
    NameFinder,
    Parsed,
    entry_conditions,
    function_gates,
    inside,
    of_entry,
    parsed_file,
)
from migrate.static import ModuleInfo
from migrate.static_refs import code_of
from migrate.tree_names import package_root
from migrate.tree_origins import origin_of

#: `info.memo` key: kernel class -> (index of its module's `MANIFEST` statement, its record)
MANIFEST_RECORDS = "manifest_records"
#: the positional parameters of the legacy register function: the kernel is the third
_KERNEL_ARG = 2


def manifest_refusal(info: ModuleInfo, name: str, keys: list[list[Any]]
                     ) -> tuple[str, dict[int, str]]:
    """(Why `name`'s observed keys (`live_import` rows, added by a statement of another
    module) cannot be taken as those of its `MANIFEST` record alone, or ""; line of
    `install` -> the environment gate it registers under). On "" the record is in
    `info.memo[MANIFEST_RECORDS]`."""
    stmts = {(str(k[6]), int(k[7])) for k in keys}
    calls = {str(k[9]) for k in keys if len(k) >= 11}
    if len(stmts) != 1 or len(calls) != 1 or any(len(k) < 11 for k in keys):
        return "it registered by more than one statement, or from more than one module", {}
    (stmt_file, stmt_line), = stmts
    try:
        top, inner = parsed_file(Path(stmt_file)), parsed_file(Path(calls.pop()))
    except (OSError, UnicodeDecodeError, cst.ParserSyntaxError):
        return "the installing code could not be read again", {}
    stmt = next((s for s in top.module.body if top.pos[s].start.line <= stmt_line
                 <= top.pos[s].end.line), None)
    call = stmt.body[0].value if isinstance(stmt, cst.SimpleStatementLine) and isinstance(
        stmt.body[0], cst.Expr) else None
    if not (isinstance(call, cst.Call) and not call.args and isinstance(call.func, cst.Name)):
        return "the statement that registered it is not a plain `NAME()` call", {}
    funcs = inner.at_line(int(keys[0][10]), cst.FunctionDef)
    install = funcs[0] if funcs else None
    if install is None or not isinstance(inner.parent.get(install), cst.Module):
        return "it registered through code that is not a module-level function", {}
    loader = _loader(inner, call.func.value, install.name.value)
    origin = origin_of(Path(stmt_file), call.func.value)
    if origin is None or origin != origin_of(inner.path, call.func.value) or loader is None:
        return (f"`{call.func.value}()` is not known to pass each plug-in's `MANIFEST` to "
                f"`{install.name.value}`"), {}
    why, field, record_class = _install_refusal(inner, install, {int(k[10]) for k in keys})
    if why:
        return why, {}
    why, gated = entry_conditions(inner, install, {int(k[10]) for k in keys},
                                  _loops(inner, install), function_gates(inner, install))
    if why:
        return why, {}
    why, position = _record_class_refusal(inner, record_class, field)
    if why:
        return why, {}
    return _record(info, name, inner.path, record_class, (field, position)), gated


def _loader(parsed: Parsed, name: str, install: str) -> cst.FunctionDef | None:
    """The module-level function `name` of `parsed`, when it calls `install(X.MANIFEST)`."""
    for stmt in parsed.module.body:
        if isinstance(stmt, cst.FunctionDef) and stmt.name.value == name:
            found = [n for n in parsed.pos if isinstance(n, cst.Call) and inside(parsed, n, stmt)
                     and isinstance(n.func, cst.Name) and n.func.value == install
                     and len(n.args) == 1 and isinstance(n.args[0].value, cst.Attribute)
                     and n.args[0].value.attr.value == "MANIFEST"]
            return stmt if found else None
    return None


def _loops(parsed: Parsed, func: cst.FunctionDef) -> list[cst.For]:
    return [n for n in parsed.pos if isinstance(n, cst.For) and inside(parsed, n, func)]


def _install_refusal(parsed: Parsed, func: cst.FunctionDef, lines: set[int]
                     ) -> tuple[str, str, str]:
    """(why `func` is not known to register each record's keys from its fields alone, or
    ""; the record field the calls pass as the kernel; the record class their `isinstance`
    test names)."""
    named = f"`{func.name.value}`"
    for node in parsed.pos:
        if isinstance(node, tuple(UNCARRIED)) and inside(parsed, node, func):
            return (f"the installing function {named} holds {UNCARRIED[type(node)]} "
                    f"({parsed.where(node)}), so which keys it registers depends on more "
                    "than the records"), "", ""
    params = [p.name.value for p in func.params.params]
    loops = _loops(parsed, func)
    outer = [f for f in loops if isinstance(f.iter, cst.Name) and f.iter.value in params
             and isinstance(f.target, cst.Name)]
    if len(params) != 1 or not outer:
        return (f"the installing function {named} does not iterate the manifest it is "
                "given (`for record in manifest`)"), "", ""
    targets = {t.value for f in outer for t in [f.target] if isinstance(t, cst.Name)}
    for loop in loops:
        if loop not in outer and not of_entry(loop.iter, targets):
            return (f"the installing function {named} loops over `{code_of(loop.iter)}` "
                    f"({parsed.where(loop)}), not a record's field"), "", ""
        finder = NameFinder()
        loop.target.visit(finder)
        targets |= finder.names
    fields, classes = set(), set()
    for line in lines:
        calls = [c for c in parsed.at_line(line, cst.Call) if inside(parsed, c, func)]
        if not calls:
            return f"no call of {named} adds the key it registered at line {line}", "", ""
        call = calls[0]
        if any(not of_entry(a.value, targets) and not isinstance(a.value, cst.SimpleString)
               for a in call.args) or len(call.args) <= _KERNEL_ARG:
            return (f"`{code_of(call).strip()}` ({parsed.where(call)}) passes what is not a "
                    "record's field"), "", ""
        kernel = call.args[_KERNEL_ARG].value
        if not (isinstance(kernel, cst.Attribute) and isinstance(kernel.value, cst.Name)
                and kernel.value.value in {t.target.value for t in outer}):  # type: ignore[union-attr]
            return (f"`{code_of(call).strip()}` ({parsed.where(call)}) does not pass the "
                    "kernel as a record's field"), "", ""
        fields.add(kernel.attr.value)
        for node in parsed.at_line(line, cst.If):
            for part in [node.test]:
                if isinstance(part, cst.Call) and isinstance(part.func, cst.Name) \
                        and part.func.value == "isinstance" and len(part.args) == 2 \
                        and isinstance(part.args[1].value, cst.Name):
                    classes.add(part.args[1].value.value)
    if len(fields) != 1 or len(classes) != 1:
        return (f"the calls of {named} adding its keys are not under one `isinstance(record, "
                "RecordClass)` test passing one field as the kernel"), "", ""
    return "", fields.pop(), classes.pop()


def _record_class_refusal(parsed: Parsed, name: str, field: str) -> tuple[str, int]:
    """(Why the class `name` of `parsed`'s module is not a record class declaring `field`
    (a NamedTuple or a frozen dataclass), or ""; the field's position among its fields)."""
    cls = next((s for s in parsed.module.body if isinstance(s, cst.ClassDef)
                and s.name.value == name), None)
    if cls is None:
        return f"the record class `{name}` is not a class of the installing module", -1
    named_tuple = any("typing.NamedTuple" in parsed.qualified(b.value) for b in cls.bases)
    frozen = any(isinstance(d.decorator, cst.Call) and "dataclasses.dataclass" in
                 parsed.qualified(d.decorator.func) and any(
                     a.keyword is not None and a.keyword.value == "frozen"
                     and isinstance(a.value, cst.Name) and a.value.value == "True"
                     for a in d.decorator.args) for d in cls.decorators)
    if not (named_tuple or frozen):
        return (f"the record class `{name}` ({parsed.where(cls)}) is neither a NamedTuple "
                "nor a frozen dataclass, so a record may change after it is listed"), -1
    if field not in _fields(cls):
        return f"the record class `{name}` ({parsed.where(cls)}) declares no field `{field}`", -1
    return "", _fields(cls).index(field)


def _fields(cls: cst.ClassDef) -> list[str]:
    return [s.body[0].target.value for s in cls.body.body
            if isinstance(s, cst.SimpleStatementLine) and isinstance(s.body[0], cst.AnnAssign)
            and isinstance(s.body[0].target, cst.Name)]


def _record(info: ModuleInfo, name: str, registry: Path, record_class: str,
            kernel_field: tuple[str, int]) -> str:
    """Why `name`'s module lists no one readable record of it in `MANIFEST` passing it as
    `field` (name, position), or "" (the record put in `info.memo[MANIFEST_RECORDS]`)."""
    field, position = kernel_field
    path = Path(os.path.realpath(info.path)) if info.path else None
    where = str(path.relative_to(package_root(path).resolve())) if path else "its module"
    binds = [(i, s) for i, s in enumerate(info.module.body) if isinstance(
        s, cst.SimpleStatementLine) and any(isinstance(b, cst.Assign | cst.AugAssign |
                                                       cst.AnnAssign)
                                            and "MANIFEST" in _targets(b) for b in s.body)]
    if not binds:
        return f"{where} binds no `MANIFEST`"
    if len(binds) != 1 or len(binds[0][1].body) != 1 or not isinstance(
            binds[0][1].body[0], cst.Assign) or len(binds[0][1].body[0].targets) != 1:
        return f"{where} does not bind `MANIFEST` once, by a plain assignment"
    index, stmt = binds[0]
    value = stmt.body[0].value  # type: ignore[union-attr]
    if not isinstance(value, cst.List):
        return (f"its module's `MANIFEST` is computed (`MANIFEST = "
                f"{code_of(value).strip().splitlines()[0]}`), not a list literal")
    finder = NameFinder()
    for other in [s for i, s in enumerate(info.module.body) if i != index]:
        other.visit(finder)
    if "MANIFEST" in finder.names:
        return (f"{where} names `MANIFEST` again after binding it (the records may be built "
                "or changed there)")
    cls_file = info.path
    record_origin = origin_of(registry, record_class)
    mine = []
    for element in value.elements:
        names = NameFinder()
        element.visit(names)
        if name not in names.names:
            continue
        mine.append(element)
        call = element.value
        if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Name | cst.Attribute)
                and cls_file is not None and record_origin is not None
                and origin_of(cls_file, code_of(call.func).strip()) == record_origin):
            return (f"its `MANIFEST` names it in `{code_of(element.value).strip()}`, not a "
                    f"`{record_class}` record")
        given = [a.value for a in call.args if a.keyword is not None and a.keyword.value == field]
        given += [a.value for i, a in enumerate(call.args) if a.keyword is None and i == position
                  and not a.star]
        if any(a.star for a in call.args) or len(given) != 1 or not (
                isinstance(given[0], cst.Name) and given[0].value == name):
            return (f"its `MANIFEST` record `{code_of(call).strip()}` does not pass it as the "
                    f"record's `{field}`, or names it otherwise too")
    if len(mine) != 1:
        return f"its module's `MANIFEST` names it in {len(mine)} records"
    info.memo.setdefault(MANIFEST_RECORDS, {})[name] = (index, mine[0])
    return ""


def _targets(small: cst.BaseSmallStatement) -> set[str]:
    finder = NameFinder()
    targets = small.targets if isinstance(small, cst.Assign) else [small]  # type: ignore[attr-defined]
    for t in targets:
        t.target.visit(finder)
    return finder.names


def without_records(info: ModuleInfo, migrated: set[str]) -> dict[int, list[cst.BaseStatement]]:
    """The `MANIFEST` statements of `info` without the records of the `migrated` classes
    (`MANIFEST_RECORDS`): statement index -> its replacement."""
    by_index: dict[int, list[cst.CSTNode]] = {}
    for name, (index, element) in info.memo.get(MANIFEST_RECORDS, {}).items():
        if name in migrated:
            by_index.setdefault(index, []).append(element)
    out: dict[int, list[cst.BaseStatement]] = {}
    for index, gone in by_index.items():
        stmt = info.module.body[index]
        assign = stmt.body[0]  # type: ignore[attr-defined]
        kept = [e for e in assign.value.elements if all(e is not g for g in gone)]
        if kept and assign.value.elements[-1] in gone:  # the last one keeps its trailing comma
            kept[-1] = kept[-1].with_changes(comma=assign.value.elements[-1].comma)
        value = assign.value.with_changes(elements=kept)
        out[index] = [stmt.with_changes(body=[assign.with_changes(value=value)])]
    return out
