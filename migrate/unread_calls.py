"""Why a kernel class no registration read by the codemod registers is still named by a
top-level call of its module (`register_many("x_neg", NegKernel, REAL)` whose function the
codemod cannot read): the row names that call and why, instead of "registered elsewhere".
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from migrate.partial_calls import only_called, partial_of
from migrate.static import ModuleInfo
from migrate.static_refs import (
    ClassRef,
    FunctionRef,
    ImportedRef,
    PartialRef,
    UnresolvableError,
    code_of,
    literal_string,
    names_in,
)


def _what(info: ModuleInfo, func: cst.BaseExpression) -> str:
    spelled = code_of(func).strip()
    try:
        ref = info.ev.eval(func, {})
    except UnresolvableError as exc:
        return f"`{spelled}`: {exc}"
    if isinstance(ref, FunctionRef):
        return (f"`{spelled}` is a function whose body registers nothing the codemod reads "
                "(or takes what it cannot bind)")
    if isinstance(ref, ImportedRef):
        return f"`{spelled}` is imported from {ref.qualified}, outside the tree given"
    if isinstance(ref, ClassRef):
        return f"`{spelled}` is a class"
    if isinstance(ref, PartialRef):
        if isinstance(func, cst.Name) and not only_called(info.module, func.value):
            return (f"`{spelled}` is a functools.partial of {partial_of(ref)} used otherwise "
                    "than called: passed on, its arguments may change")
        return (f"`{spelled}` is a functools.partial of {partial_of(ref)}, a function whose "
                "body registers nothing the codemod reads (or takes what it cannot bind)")
    return f"`{spelled}` is no function the codemod can read"


def unread_call(info: ModuleInfo, cls: str) -> tuple[str, str | None] | None:
    """The reason for kernel class `cls` when a top-level call of its module (outside class
    and function bodies) passes it as an argument, and the op that call names (its first
    argument, a string literal; None when it is not); None when no call passes it."""
    for stmt in info.module.body:
        if isinstance(stmt, (cst.ClassDef, cst.FunctionDef)):
            continue
        for call in m.findall(stmt, m.Call()):
            assert isinstance(call, cst.Call)
            if any(isinstance(a.value, cst.Name) and a.value.value == cls for a in call.args):
                op = literal_string(call.args[0].value) if call.args else None
                return (f"registration not statically readable: `{code_of(call).strip()}` "
                        f"names it, but the codemod cannot read that call "
                        f"({_what(info, call.func)}); not migrated", op)
    return None


def maybe_registered(info: ModuleInfo, registered: set[str]) -> dict[str, str]:
    """Kernel classes no registration read registers (`registered` holds those it does, and
    the statements it could not read name theirs) that may still be registered where the
    codemod does not look, each with why: a class statement's decorator, a top-level call
    passing it that the codemod cannot read (`unread_call`), and a top-level
    loop whose header names the class (`for _op, _cls in {"x_add": AddKernel}.items():`
    over a body calling what the codemod does not read). Each gets a row of its own, even
    when other kernels derive from it (a base no registration names is otherwise no kernel)."""
    named = {c for u in info.unresolved for c in u.classes}
    out: dict[str, str] = {}
    for name, cls in info.classes.items():
        if cls.decorators and name not in registered and name not in named \
                and info.is_subclass_of(name, "OpKernel"):
            out[name] = (f"its class decorator `@{code_of(cls.decorators[0].decorator)}` may "
                         "register it, and the codemod cannot read it as a registration; "
                         "not migrated")
    for name in info.classes:  # passed to a top-level call the codemod cannot read
        if name not in registered and name not in named and name not in out \
                and info.is_subclass_of(name, "OpKernel") \
                and (called := unread_call(info, name)) is not None:
            out[name] = called[0]
    for stmt in info.module.body:
        if not isinstance(stmt, cst.For):
            continue
        header = code_of(stmt).strip().splitlines()[0]
        for name in sorted(names_in(stmt.iter) & set(info.classes)):
            if name not in registered and name not in named and name not in out \
                    and info.is_subclass_of(name, "OpKernel"):
                out[name] = (f"the loop `{header}` names it, but registers nothing the "
                             "codemod reads; not migrated")
    return out
