"""Kernel classes made by factories: `UpExpm1Kernel = make_unary_kernel("UpExpm1Kernel",
"expm1")`, where `make_unary_kernel` (a function of the module, or of another module of
the tree imported by name) defines a class statement subclassing `OpKernel` (renamed or
not: `_Kernel.__name__ = name`) or calls `type(name, (Base,), {...})`, and returns it.

No class statement of the module binds the public name, so nothing the codemod rewrites
is there; but the class is a kernel the package registers, so it gets a row under the
module-level name it is bound to, naming the factory (`factory_kernels`). The classes a
factory's class derives from are no kernels of their own (`factory_bases`): the rows of
the names they are bound to cover them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import libcst as cst
import libcst.matchers as m

from migrate.static import ModuleInfo, info_for
from migrate.static_eval import class_bases, is_type_call
from migrate.static_refs import FunctionRef, code_of, dotted, iter_top_statements
from migrate.tree_bases import base_class
from migrate.tree_origins import origin_of


@dataclass(frozen=True)
class FactoryKernel:
    """A module-level name bound to a call of a factory returning a kernel class."""

    name: str
    call: cst.Call
    factory: str  # as the module spells it
    home: ModuleInfo  # the factory's module
    bases: tuple[cst.BaseExpression, ...]  # of the class it builds, spelled in `home`
    typed: bool  # built by `type(...)` rather than a class statement

    def reason(self) -> str:
        spelled = code_of(self.call).strip().splitlines()[0]
        return (f"built by the factory {self.factory}() at run time (`{self.name} = {spelled}`)"
                f": the function {self.how} and returns it, so no class statement of the module "
                "binds the kernel; the codemod rewrites module-level class statements only; "
                "not migrated")

    @property
    def how(self) -> str:
        return "builds the class by type(...)" if self.typed else \
            "defines the class in its body"


def made_bases(fn: cst.FunctionDef) -> tuple[cst.BaseExpression, ...] | None:
    """The bases of the class `fn` returns when it builds it itself (a class statement of
    its body, or `type(name, (B, ...), ns)`, returned directly or through a local); None
    when it returns anything else (or several things)."""
    returns = _own_returns(fn)  # not those of the methods of the class it builds
    if len(returns) != 1 or returns[0].value is None:
        return None
    value = returns[0].value
    if is_type_call(value):
        return tuple(e.value for e in value.args[1].value.elements)
    if not isinstance(value, cst.Name):
        return None
    for stmt in fn.body.body:
        if isinstance(stmt, cst.ClassDef) and stmt.name.value == value.value:
            return tuple(class_bases(stmt))
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) else None
        if (isinstance(small, cst.Assign) and is_type_call(small.value)
                and any(m.matches(t.target, m.Name(value.value)) for t in small.targets)):
            return tuple(e.value for e in small.value.args[1].value.elements)
    return None


class _OwnReturns(cst.CSTVisitor):
    """The `return` statements of one function, not of the functions and classes it defines."""

    def __init__(self) -> None:
        self.found: list[cst.Return] = []

    def visit_Return(self, node: cst.Return) -> None:  # noqa: N802
        self.found.append(node)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:  # noqa: N802
        return False

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:  # noqa: N802
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:  # noqa: N802
        return False


def _own_returns(fn: cst.FunctionDef) -> list[cst.Return]:
    seen = _OwnReturns()
    fn.body.visit(seen)
    return seen.found


def _factory(info: ModuleInfo, func: cst.BaseExpression
             ) -> tuple[ModuleInfo, cst.FunctionDef] | None:
    d = dotted(func)
    if d is None:
        return None
    if d in info.ev.functions:
        return info, info.ev.functions[d]
    if info.path is None:
        return None
    origin = origin_of(info.path, d)
    if origin is None or origin.path is None:
        return None
    name = origin.qualified.rsplit(".", 1)[-1]
    home = info_for(info, FunctionRef(name, origin.path))
    fn = home.ev.functions.get(name)
    return (home, fn) if fn is not None else None


def factory_kernels(info: ModuleInfo, symbol: str = "OpKernel") -> dict[str, FactoryKernel]:
    """The module-level names bound to a factory's kernel class (some base of the class it
    builds subclasses `symbol`), in the order they are bound."""
    out: dict[str, FactoryKernel] = {}
    for stmt in iter_top_statements(info.module.body):
        for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ():
            if not isinstance(small, cst.Assign) or not isinstance(small.value, cst.Call) \
                    or is_type_call(small.value):
                continue
            found = _factory(info, small.value.func)
            bases = made_bases(found[1]) if found else None
            if found is None or bases is None or not any(
                    found[0].base_subclasses(b, symbol) for b in bases):
                continue
            for target in small.targets:
                if isinstance(target.target, cst.Name) and target.target.value not in info.classes:
                    name = target.target.value
                    out[name] = FactoryKernel(name, small.value, code_of(small.value.func),
                                              found[0], bases, _typed(found[1]))
    return out


def _typed(fn: cst.FunctionDef) -> bool:
    return not any(isinstance(s, cst.ClassDef) for s in fn.body.body)


def factory_bases(info: ModuleInfo, made: dict[str, FactoryKernel]) -> set[str]:
    """The classes of `info`'s module the factories of `made` derive their classes from,
    and those the classes of its own factories derive from, whoever calls them (another
    module, or none)."""
    return {d for home, b in _built_on(info, made) if home is info
            and (d := dotted(b)) is not None and d in info.classes}


def factory_bases_elsewhere(info: ModuleInfo) -> set[tuple[Path, str]]:
    """The classes of other modules of the tree (file, name) that the classes of the
    factories `info`'s module calls or defines derive from: bases, like those
    `ModuleInfo.bases_elsewhere` finds for class statements (no kernel rows there)."""
    out: set[tuple[Path, str]] = set()
    for home, b in _built_on(info, factory_kernels(info)):
        found = base_class(home, b)
        if found is not None and found[1] is not info and found[1].path is not None:
            out.add((found[1].path, found[0]))
    return out


def _built_on(info: ModuleInfo, made: dict[str, FactoryKernel]
              ) -> list[tuple[ModuleInfo, cst.BaseExpression]]:
    """(module spelling it, base) for each base of a class the factories of `made` or the
    module-level functions of `info` build (`made_bases`)."""
    out = [(f.home, b) for f in made.values() for b in f.bases]
    out += [(info, b) for fn in info.ev.functions.values() for b in made_bases(fn) or ()]
    return out
