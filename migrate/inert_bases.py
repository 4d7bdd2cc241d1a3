"""Bases that add nothing to what a kernel class does: read as absent.

`class K(OpKernel, object)` is an old habit: naming `object` explicitly changes neither
the MRO's order of the other classes nor any attribute lookup (every class ends in it).
`typing.Generic` (bare or subscripted, `Generic[T]`) only adds the machinery of type
parameters (`__class_getitem__`, `__parameters__`, `__orig_bases__`), which no `compute`
of a kernel reads and the generated function does not need. A base is inert only when its
name means the builtin or typing's class in the module spelling it: `object` not bound
by the module itself (an assignment, an import, a class, a star import of the tree), and
`Generic` imported from `typing`.
"""

from __future__ import annotations

from typing import Protocol

import libcst as cst

from migrate.static_refs import ImportTable


class ModuleInfo(Protocol):
    """What these rules read of a module (`migrate.static.ModuleInfo`, which calls them)."""

    imports: ImportTable

    def module_names(self) -> set[str]: ...

    def class_def(self, name: cst.BaseExpression) -> tuple[ModuleInfo, cst.ClassDef] | None: ...

#: qualified names of the classes read as absent when they are a kernel's base
INERT_TYPING = ("typing.Generic", "typing_extensions.Generic")


def is_inert_base(info: ModuleInfo, base: cst.BaseExpression) -> bool:
    """Whether the base expression `base` of a class statement of `info` is `object` or
    `typing.Generic[...]`, as the module spells them."""
    if isinstance(base, cst.Name) and base.value == "object":
        return "object" not in info.module_names() and "object" not in info.imports.starred
    if isinstance(base, cst.Subscript):
        base = base.value
    if not isinstance(base, (cst.Name, cst.Attribute)):
        return False
    return info.imports.resolve(base) in INERT_TYPING


def plain_base(info: ModuleInfo, base: cst.BaseExpression) -> cst.BaseExpression:
    """`Base` for `Base[float]` where `Base` is a class of the tree (this module's, or one
    it imports from another module of the tree) deriving directly from an inert
    `Generic[...]` and defining no `__class_getitem__` of its own (Python subclasses the
    class itself there: the alias's `__mro_entries__`); else `base`."""
    if not isinstance(base, cst.Subscript) or not isinstance(base.value, (cst.Name, cst.Attribute)):
        return base
    found = info.class_def(base.value)
    if found is None:
        return base
    home, cls = found
    if any(isinstance(s, cst.FunctionDef) and s.name.value == "__class_getitem__"
           for s in cls.body.body):
        return base
    generic = [a.value for a in cls.bases if a.keyword is None
               and isinstance(a.value, cst.Subscript) and is_inert_base(home, a.value)]
    return base.value if generic else base


#: bases (and metaclasses) whose only effect is refusing to instantiate a class whose MRO
#: leaves an abstract method unimplemented
INERT_ABC = ("abc.ABC",)
ABC_META = ("abc.ABCMeta",)
ABSTRACT = ("abc.abstractmethod",)


def _binds(cls: cst.ClassDef, name: str) -> cst.CSTNode | None:
    """The statement of `cls`'s body binding `name` (a def, a class, an assignment)."""
    for stmt in cls.body.body:
        if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)) and stmt.name.value == name:
            return stmt
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                targets = ([t.target for t in small.targets] if isinstance(small, cst.Assign)
                           else [small.target] if isinstance(small, cst.AnnAssign)
                           and small.value is not None else [])
                if any(isinstance(t, cst.Name) and t.value == name for t in targets):
                    return small
    return None


def _is_abstract(home: ModuleInfo, stmt: cst.CSTNode | None) -> bool:
    return isinstance(stmt, cst.FunctionDef) and any(
        isinstance(d.decorator, (cst.Name, cst.Attribute))
        and home.imports.resolve(d.decorator) in ABSTRACT for d in stmt.decorators)


def abstract_left(info: ModuleInfo, mro: list[cst.ClassDef],
                  owners: dict[int, ModuleInfo]) -> str | None:
    """The first `@abc.abstractmethod` of the classes `mro` (a kernel class's MRO in the
    tree, each class read in its own module: `owners` by `id`, else `info`) that the class
    MRO finds first for its name is still that abstract method, i.e. left unimplemented;
    None when every abstract method is implemented (an `abc.ABC` base is then inert)."""
    for cls in mro:
        home = owners.get(id(cls), info)
        for stmt in cls.body.body:
            if not _is_abstract(home, stmt):
                continue
            name = stmt.name.value  # type: ignore[attr-defined]
            first = next((b for c in mro if (b := _binds(c, name)) is not None), None)
            owner = next(c for c in mro if _binds(c, name) is first)
            if _is_abstract(owners.get(id(owner), info), first):
                return f"{owner.name.value}.{name}"
    return None


def abc_metaclass(info: ModuleInfo, cls: cst.ClassDef) -> bool:
    """Whether `cls` names `abc.ABCMeta` as its metaclass."""
    return any(a.keyword is not None and a.keyword.value == "metaclass"
               and isinstance(a.value, (cst.Name, cst.Attribute))
               and info.imports.resolve(a.value) in ABC_META for a in cls.keywords)
