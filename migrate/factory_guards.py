"""Argument guards at the top of a class factory, read as preconditions.

    def make_binary_kernel(ufunc_name, class_name=None):
        if not hasattr(np, ufunc_name):
            raise AttributeError("numpy has no ufunc %r" % ufunc_name)

        class _Kernel(_BinaryBase):
            ...

A factory called at the top level with arguments read statically runs such a guard once,
at import: either it held (the module imports; `--verify` imports it) or the module never
imports. Its class is then the class statement alone, so the readers of factories
(`factory_classes`, `factory_makers`) pass over it: the factory call reads as the class it
builds, and the guard, which never runs at kernel time, is not part of the migrated kernel.
A guard is an `if` before the class statement, with no `else`, whose body is one `raise`
and whose test is free of side effects: names, attribute reads, literals, `hasattr` /
`isinstance` / `callable` / `len` (the builtins, bound by nothing of the factory or its
module, a star import of a tree module included), comparisons (`in` too), `not` / `and` /
`or`. Anything else (a print, an assignment, a call of a function of the package) is no
guard and keeps the refusal.
"""

from __future__ import annotations

from pathlib import Path

import libcst as cst
from libcst.metadata import GlobalScope, MetadataWrapper, ScopeProvider

from migrate.cst_walk import wrapper_of
from migrate.source_files import SourceError
from migrate.static_refs import ImportTable, find_module_file, load_module
from migrate.tree_names import star_bound

#: the builtins a guard's test may call: they read, and change nothing
CHECKS = frozenset({"hasattr", "isinstance", "callable", "len"})

_LITERALS = (cst.SimpleString, cst.ConcatenatedString, cst.Integer, cst.Float,
             cst.Imaginary)


def guards(fn: cst.FunctionDef, module: cst.Module | None, path: Path | None = None
           ) -> set[int]:
    """The ids of the statements of `fn`'s body before its class statement that are
    argument guards (see the module doc); none without the factory's `module` (where the
    builtins it calls must not be rebound; `path`: its file, where its star imports of
    modules of the tree are read)."""
    if module is None:
        return set()
    shadowed = module_names(module, path) | _local_names(fn)
    out: set[int] = set()
    for stmt in fn.body.body:
        if isinstance(stmt, cst.ClassDef):
            break
        if isinstance(stmt, cst.If) and _is_guard(stmt, shadowed):
            out.add(id(stmt))
    return out


def _is_guard(stmt: cst.If, shadowed: set[str]) -> bool:
    if stmt.orelse is not None:
        return False
    body = stmt.body
    if isinstance(body, cst.IndentedBlock):
        if len(body.body) != 1 or not isinstance(body.body[0], cst.SimpleStatementLine):
            return False
        smalls = body.body[0].body
    else:
        smalls = cst.ensure_type(body, cst.SimpleStatementSuite).body
    if len(smalls) != 1 or not isinstance(smalls[0], cst.Raise):
        return False
    return _pure(stmt.test, shadowed)


def _pure(node: cst.BaseExpression, shadowed: set[str]) -> bool:
    """Whether evaluating `node` only reads (see the module doc)."""
    if isinstance(node, (cst.Name, *_LITERALS)):
        return True
    if isinstance(node, cst.Attribute):
        return _pure(node.value, shadowed)
    if isinstance(node, (cst.Tuple, cst.List)):  # what an `in` tests against
        return all(not isinstance(e, cst.StarredElement) and _pure(e.value, shadowed)
                   for e in node.elements)
    if isinstance(node, cst.UnaryOperation):
        if isinstance(node.operator, cst.Not):
            return _pure(node.expression, shadowed)
        return isinstance(node.operator, cst.Minus) and isinstance(node.expression,
                                                                   _LITERALS)
    if isinstance(node, cst.BooleanOperation):
        return _pure(node.left, shadowed) and _pure(node.right, shadowed)
    if isinstance(node, cst.Comparison):
        return _pure(node.left, shadowed) and all(_pure(c.comparator, shadowed)
                                                  for c in node.comparisons)
    if isinstance(node, cst.Call):
        return (isinstance(node.func, cst.Name) and node.func.value in CHECKS
                and node.func.value not in shadowed
                and all(a.keyword is None and not a.star and _pure(a.value, shadowed)
                        for a in node.args))
    return False


def module_names(module: cst.Module, path: Path | None, depth: int = 0,
                 checks: frozenset[str] = CHECKS) -> set[str]:
    """The names `module` binds at its top level (LibCST's ScopeProvider); a star import
    binds what its module exports (`tree_names.star_bound`) where that is a module of the
    tree at `path`, else it may bind any name and shadows every name of `checks`."""
    scope = wrapper_of(module).resolve(ScopeProvider)[module]
    if not isinstance(scope, GlobalScope):
        return set(checks)
    names = {a.name for a in scope.assignments}
    for star in ImportTable(module).star_modules:
        target = find_module_file(star, path) if path is not None and depth < 3 else None
        if target is None:
            return names | set(checks)
        try:
            bound = module_names(load_module(target)[0], target, depth + 1, checks) & checks
        except (SourceError, cst.ParserSyntaxError):  # unread: it may bind anything
            return names | set(checks)
        names |= star_bound(target, bound)
    return names


def _local_names(fn: cst.FunctionDef) -> set[str]:
    """The names `fn` binds in its own scope (parameters included)."""
    wrapper = MetadataWrapper(cst.Module(body=[fn]), unsafe_skip_copy=True)
    scopes = wrapper.resolve(ScopeProvider)
    scope = scopes[fn.body.body[0]] if fn.body.body else None
    return set() if scope is None else {a.name for a in scope.assignments}
