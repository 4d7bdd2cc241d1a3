"""`super().NAME(...)` in a kernel's method, resolved through the kernel's MRO.

The kernel's classes are all read (`tree_bases.tree_mro`: a base outside the tree stops
the kernel before this), so the method `super()` reaches from a method of class `C` is the
`def NAME` of the first class after `C` in the kernel's MRO whose body binds NAME: the
cooperative mixin's `super().compute(ctx)` is the next class's compute. Spelled
`super()` (in a method of the MRO) or `super(C, self)` (C a class of the MRO, `self` the
method's first parameter); anything else, or a NAME no later class defines as one plain
method, stays unresolved, in words.
"""

from __future__ import annotations

import libcst as cst

from migrate.class_members import class_members


def super_method(func: cst.BaseExpression) -> cst.Call | None:
    """The `super(...)` call of `func` when it is `super(...).NAME`, else None."""
    if (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Call)
            and isinstance(func.value.func, cst.Name) and func.value.func.value == "super"):
        return func.value
    return None


def owner_class(mro: list[cst.ClassDef], fn: cst.FunctionDef) -> cst.ClassDef | None:
    """The class of `mro` whose body defines `fn` (by identity), None when none does."""
    for cls in mro:
        if any(stmt is fn for stmt in cls.body.body):
            return cls
    return None


def super_target(mro: list[cst.ClassDef], owner: cst.ClassDef | None,
                 func: cst.Attribute, self_name: str
                 ) -> tuple[cst.ClassDef, cst.FunctionDef] | str:
    """(class, its def) `func` (`super().NAME` / `super(C, self).NAME`, written in a
    method of `owner` whose first parameter is `self_name`) calls; else why not."""
    call = cst.ensure_type(func.value, cst.Call)
    name = func.attr.value
    spelled = f"super().{name}"
    start = owner
    if call.args:
        names = [a.value.value if isinstance(a.value, cst.Name) and a.keyword is None
                 and not a.star else None for a in call.args]
        if len(names) != 2 or names[0] is None or names[1] != self_name or not self_name:
            return f"{spelled} with arguments other than (a class, {self_name or 'self'})"
        start = next((c for c in mro if c.name.value == names[0]), None)
        if start is None:
            return f"super({names[0]}, ...) names no class of the kernel's MRO"
        spelled = f"super({names[0]}, {self_name}).{name}"
    if start is None or not self_name:
        return f"{spelled} outside a method of the kernel's classes"
    at = next(i for i, c in enumerate(mro) if c is start)
    for cls in mro[at + 1:]:
        member = class_members([cls]).get(name)
        if member is None:
            continue
        if member.function is None:
            return f"{spelled} reaches {cls.name.value}.{name}, which is no plain method"
        return cls, member.function
    return f"{spelled}: no class after {start.name.value} in the kernel's MRO defines {name}"
