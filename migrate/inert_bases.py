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
