"""Read a legacy op module statically: `scan_module` runs the registration code of its
top-level statements (`migrate.static`'s interpreter) and gives its `ModuleInfo`.

Every ModuleInfo is built here, and carries `scan_module` as its `scan`: the modules of
the tree a reference leads to (`static.info_for`) are read the same way.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

import libcst as cst
import libcst.matchers as m
from libcst.metadata import QualifiedNameProvider

from migrate.class_registrations import class_statement_kind, read_class, unless_rebinding
from migrate.comprehension_loops import as_loop
from migrate.cst_walk import find_all, wrapper_of
from migrate.factory_classes import expand
from migrate.partial_registrations import calls_partial, partial_bindings
from migrate.reexports import follow as follow_reexports
from migrate.spec_objects import names_spec
from migrate.static import (
    REGISTERING,
    ModuleInfo,
    _CallFinder,
    _calls_helper,
    _interpret,
    _Scope,
    method_registers,
)
from migrate.static_eval import Evaluator, is_type_call
from migrate.static_facts import UnresolvedRegistration
from migrate.static_refs import (
    ImportTable,
    UnresolvableError,
    code_of,
    iter_top_statements,
    names_in,
    parsed_source,
)


def classes_named(info: ModuleInfo, node: cst.CSTNode) -> set[str]:
    """The module's classes `node` names, directly or through the module constants it
    reads (`_OPS = [("a", AKernel, ...)]` ... `for ... in _OPS:`), those put into such a
    constant after it was built included (`_OPS["b"] = BKernel`, `_OPS.update(...)`)."""
    seen: set[str] = set()
    todo = [names_in(node)]
    while todo:
        for name in todo.pop() - seen:
            seen.add(name)
            if name in info.ev.assigns and not is_type_call(info.ev.assigns[name]):
                todo.append(names_in(info.ev.assigns[name]))
                todo.extend(names_in(s) for s in _changing_statements(info, name))
    return seen & set(info.classes)


def _changing_statements(info: ModuleInfo, name: str) -> list[cst.BaseSmallStatement]:
    """The top-level statements that may change the module constant `name` in place:
    any naming it other than its binding (when its evaluator says it changes)."""
    if not info.ev.changed(name):
        return []
    binding = info.ev.assigns[name]
    out = []
    for stmt in iter_top_statements(info.module.body):
        for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ():
            if getattr(small, "value", None) is not binding and name in names_in(small):
                out.append(small)
    return out


def scan_module(source: str, path: Path | None = None) -> ModuleInfo:
    """Imports, constants, classes and registrations of a module; its op protos are read by
    `migrate.proto_reader.read_protos` (which reads sibling modules through `info_for`)."""
    module = (factories := expand(parsed_source(source, path), path)).module  # factory classes
    imports = ImportTable(module)
    follow_reexports(imports, path)
    ev = Evaluator(module, imports, path)
    ev.unread_classes = set(factories.refused)
    info = ModuleInfo(path, module, imports, ev, dict(ev.classes), factories=factories,
                      scan=scan_module)
    for name, (qualified, origin) in ev.star_bindings().items():
        imports.bind_starred(name, qualified, origin)
    scope = _Scope(imports, ev)
    for index, stmt in enumerate(module.body):
        kind = class_statement_kind(info, stmt) if isinstance(stmt, cst.ClassDef) else None
        finder = _CallFinder(imports, REGISTERING)
        stmt.visit(finder)
        if kind == "deferred" or (kind is None and not finder.found and not _calls_helper(
                info, scope, stmt) and not calls_partial(info, stmt)
                and not names_spec(ev, stmt, partial(method_registers, info))):
            continue
        helper = isinstance(stmt, cst.FunctionDef) or (
            isinstance(stmt, cst.ClassDef) and kind is None
            and _registers_in_methods_only(info, scope, stmt))
        if helper and not any(
                info.is_subclass_of(c, "OpKernel") for c in classes_named(info, stmt)):
            continue  # a helper (a spec class's method) registering what its callers pass:
            # read at each call
        done = (len(info.registrations), dict(info.operators), dict(info.base_kernel_names))
        try:
            if kind == "own":  # a registering decorator, class keywords
                read_class(info, stmt, index)  # type: ignore[arg-type]
            else:
                _interpret(info, as_loop(stmt, discarded_only=True)
                           or unless_rebinding(info, stmt), index, {})
        except UnresolvableError as exc:  # what it registered before failing is no fact
            del info.registrations[done[0]:]
            info.effects.pop(index, None)
            info.operators, info.base_kernel_names = done[1], done[2]
            info.unresolved.append(UnresolvedRegistration(index, str(exc),
                                                          classes_named(info, stmt)))
    partials = {id(c.args[0].value) for c in partial_bindings(info).values()}
    for node in indirect_references(info, "register_op_kernel"):
        if id(node) in partials:  # `reg = partial(register_op_kernel, ...)` read at its calls
            continue
        info.unresolved.append(UnresolvedRegistration(
            -1, f"registers kernels through `{code_of(node)}` used as a value (an alias, "
                "functools.partial, a table), which the codemod cannot follow", set()))
    return info


def _registers_in_methods_only(info: ModuleInfo, scope: _Scope, cls: cst.ClassDef) -> bool:
    """Whether class statement `cls` registers only inside its methods (those of a spec
    class, `migrate.spec_objects`: read at each call)."""
    rest = cls.with_changes(decorators=(), body=cls.body.with_changes(body=[
        s for s in cls.body.body if not isinstance(s, cst.FunctionDef)]))
    finder = _CallFinder(info.imports, REGISTERING)
    rest.visit(finder)
    return not finder.found and not _calls_helper(info, scope, rest)


def indirect_references(info: ModuleInfo, symbol: str) -> list[cst.CSTNode]:
    """References to the imported `symbol` other than calling it (`partial(symbol, ...)`,
    `reg = symbol`), found by LibCST's QualifiedNameProvider. Cheap when there are none:
    the names that could refer to it are counted first."""
    locals_ = {n for n, q in info.imports.names.items()
               if q == symbol or q.endswith("." + symbol)}
    modules = {n for n, q in info.imports.names.items() if n not in locals_}
    could = m.Name(m.MatchIfTrue(lambda v: v in locals_)) | m.Attribute(
        value=m.Name(m.MatchIfTrue(lambda v: v in modules)), attr=m.Name(symbol))
    refs = find_all(info.module, could)
    called = {c.func for c in find_all(info.module, m.Call(func=could))}
    imported = {n for imp in find_all(info.module, m.Import() | m.ImportFrom())
                for n in find_all(imp, m.Name() | m.Attribute())}
    loose = [r for r in refs if r not in called and r not in imported]
    if not loose:
        return []
    found: list[cst.CSTNode] = []

    class Resolve(cst.CSTVisitor):
        METADATA_DEPENDENCIES = (QualifiedNameProvider,)

        def on_visit(self, node: cst.CSTNode) -> bool:
            if node in loose and any(q.name == symbol or q.name.endswith("." + symbol)
                                     for q in self.get_metadata(QualifiedNameProvider, node,
                                                                set())):
                found.append(node)
            return True

    wrapper_of(info.module).visit(Resolve())
    return found
