"""Renaming a function's local: every binding and every access of it, found with
LibCST's ScopeProvider (nested comprehensions and functions reading it included)."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.metadata import GlobalScope, MetadataWrapper, ScopeProvider

from migrate.names import load_names

#: calls that see a function's locals by name: a local cannot be renamed under them
_LOCALS_BY_NAME = ("locals", "vars", "eval", "exec", "dir")


def rename_local(compute: cst.FunctionDef, old: str, new: str, parameter: bool = False
                 ) -> cst.FunctionDef | None:
    """`compute` with its local `old` renamed `new` at every binding and every access
    (nested functions and comprehensions reading it included), found with LibCST's
    ScopeProvider; None when that would not be the same program: `old` is not a plain
    local of `compute` (a parameter, unless `parameter`: every caller passes it by
    position; `global` / `nonlocal`, deleted, bound in a class body), or the body reaches
    locals by name (`locals()`, `eval`, ...)."""
    wrapper = MetadataWrapper(cst.Module(body=[compute]))
    scopes = wrapper.resolve(ScopeProvider)
    func = wrapper.module.body[0]
    assert isinstance(func, cst.FunctionDef)
    scope = scopes.get(func.body.body[0]) if func.body.body else None
    if scope is None or any(n.value in _LOCALS_BY_NAME for n in load_names(func.body)):
        return None
    named = {p.name.value: p for p in func.params.params}
    others = [*func.params.kwonly_params, *func.params.posonly_params,
              *(p for p in (func.params.star_arg, func.params.star_kwarg)
                if isinstance(p, cst.Param))]
    if (old in named and not parameter) or _deletes(func, old) or any(
            p.name.value == old for p in others):
        return None
    assignments = list(scope.assignments[old])
    if not assignments or any(getattr(a, "scope", None) is not scope for a in assignments):
        return None
    if any(not isinstance(a.node, cst.Name) and not (
            old in named and a.node is named[old]) for a in assignments):
        return None  # bound by an import, a def or a class: not a plain local
    nodes: set[int] = set()
    for a in assignments:
        nodes.add(id(a.node.name if isinstance(a.node, cst.Param) else a.node))
        for ref in a.references:
            if not isinstance(ref.node, cst.Name):
                return None
            nodes.add(id(ref.node))
    if any(isinstance(s, (cst.Global, cst.Nonlocal)) for s in _small_statements(func)):
        return None

    class Rename(cst.CSTTransformer):
        def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.Name:  # noqa: N802
            return updated.with_changes(value=new) if id(original) in nodes else updated

    out = func.visit(Rename())
    assert isinstance(out, cst.FunctionDef)
    return out


def variable_names(func: cst.FunctionDef) -> set[str]:
    """The names `func` binds or reads as variables, in its own scope and its nested ones
    (its parameters and locals, the globals and builtins it reads), found with LibCST's
    ScopeProvider: an attribute's name (`x.data`) or a keyword's (`fn(a, out=buf)`) is no
    variable of it."""
    wrapper = MetadataWrapper(cst.Module(body=[func]))
    names: set[str] = set()
    for scope in {s for s in wrapper.resolve(ScopeProvider).values() if s is not None}:
        # the `def` binds its own name outside itself: no variable of it (read, it is one)
        names |= {a.name for a in scope.assignments if not isinstance(scope, GlobalScope)}
        names |= {a.node.value for a in scope.accesses if isinstance(a.node, cst.Name)}
    return names


def _deletes(func: cst.FunctionDef, name: str) -> bool:
    """Whether `del name` (alone or among others) occurs anywhere in `func`."""
    return any(m.findall(d.target, m.Name(name)) for d in m.findall(func, m.Del()))


def _small_statements(func: cst.FunctionDef) -> list[cst.BaseSmallStatement]:
    out: list[cst.BaseSmallStatement] = []

    class V(cst.CSTVisitor):
        def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:  # noqa: N802
            out.extend(node.body)

    func.visit(V())
    return out
