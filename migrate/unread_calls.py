"""Why a kernel class no registration read by the codemod registers is still named by a
top-level call of its module (`register_many("x_neg", NegKernel, REAL)` whose function the
codemod cannot read): the row names that call and why, instead of "registered elsewhere".
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from migrate.static import ModuleInfo
from migrate.static_refs import (
    ClassRef,
    FunctionRef,
    ImportedRef,
    UnresolvableError,
    code_of,
    literal_string,
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
