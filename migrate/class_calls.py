"""`Cls.meth(...)` in compute() or a helper it lifts, Cls a kernel class (issue 23, cm42).

`class HypotKernel(OpKernel)` with `@staticmethod def _hypot(xp, x, y, out=None)`, its
compute() calling `HypotKernel._hypot(ctx.xp, ...)`, is the call `self._hypot(...)` would
be: the method is lifted as a helper (`KernelMigration.lift_method`) and the call names the
lifted function. Cls is a class of the kernel's MRO or another kernel class of the kernel's
module (a sibling sharing its static helper); NAME is looked up in Cls's own MRO, as Python
looks it up. Read so: a `staticmethod` (no instance, no class); a `classmethod` only through
the kernel's own class (its `cls` is then the class `self` is an instance of, so its
`cls.NAME` reads are the kernel's). Through a class of the MRO anything else (a plain method,
a base's classmethod, a name that is no method) is refused, named; a sibling's other members
are left called through the sibling, which is kept for its users, as before.
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from migrate.class_members import class_members
from migrate.kernel_model import SkipError
from migrate.names import store_names
from migrate.static_refs import UnresolvableError, dotted
from migrate.tree_bases import tree_mro

#: `kernel_rewrite.KernelMigration` (which imports this module: not imported here)
KernelMigration = Any


def _class_of(mk: KernelMigration, name: str) -> tuple[cst.ClassDef, Any] | None:
    """Class `name` as compute() reads it: one of the kernel's MRO, else one of its module."""
    for cls in mk.mro:
        if cls.name.value == name:
            return cls, mk.info.owner_of(cls)
    cls = mk.info.classes.get(name)
    return (cls, mk.info) if cls is not None else None


def class_method_call(mk: KernelMigration, func: cst.Attribute, body: cst.CSTNode
                      ) -> str | None:
    """The lifted function `Cls.meth` (`func`) becomes; None when Cls is no kernel class
    of the MRO or module (or a name the calling `body` binds); SkipError when it is one but
    `meth` is not read so."""
    if not isinstance(func.value, cst.Name) or func.value.value not in {
            c.name.value for c in mk.mro} | set(mk.info.classes) or func.value.value in \
            store_names(body, outer_only=False):
        return None
    found = _class_of(mk, func.value.value)
    if found is None:
        return None
    cls, home = found
    name, method = cls.name.value, func.attr.value
    said = f"calls {name}.{method}()"
    try:
        tree = tree_mro(home, name)
    except (UnresolvableError, KeyError):
        raise SkipError(f"{said}: the codemod cannot read the MRO of {name}") from None
    mro = tree.classes
    if not any(c is cls for c in mk.mro) and not any(
            q.split(".")[-1] == "OpKernel" for q in tree.outside):
        return None  # a class of the module that is no kernel: not read here
    member = class_members(mro).get(method)
    kinds = [] if member is None or member.function is None else [
        dotted(d.decorator) for d in member.function.decorators]
    if not any(c is cls for c in mk.mro) and kinds != ["staticmethod"]:
        return None  # a sibling's other members: called through its class, kept for users
    if member is None or member.function is None:
        raise SkipError(f"{said}, which is no method of {name}'s classes")
    if kinds == ["classmethod"] and cls is not mk.mro[0]:
        raise SkipError(f"{said}, a classmethod of a class other than the kernel's own "
                        "(its cls would not be the kernel's class)")
    if kinds not in (["staticmethod"], ["classmethod"]):
        raise SkipError(f"{said}, which is no staticmethod or classmethod (called through "
                        "its class, its first argument is not an instance the codemod reads)")
    return mk.lift_method(member.owner, member.function, fallback=name)

