"""`super().NAME(args)` in compute() or in a lifted helper method, not passing ctx: the
base's method, lifted as a helper of its own.

A subclass overriding a helper and calling the base's from the override
(`with _ignore_overflow(): return super().scan(xp, src, mode, axis)`) reaches the `def
NAME` of the first class after the method's own class in the kernel's MRO
(`super_calls.super_target`). That method is lifted like any helper the kernel calls as
`self.NAME(...)` (`KernelMigration.lift_method`), with its own class as the owner its
`super()` calls resolve from and every `self.NAME` in it read through the kernel's MRO
(the subclass's constants and overrides, as Python reads them); so the subclass's lifted
`scan` calls the base's lifted copy, which has a name of its own. What cannot be read
statically stays refused, named: `super()` spelled otherwise than `super()` /
`super(C, self)` with C a class of the MRO, a NAME no later class binds as one plain
method, a `super()` in a nested scope (a function, lambda, class or comprehension: its
zero-argument form reads that scope's first argument, and a comprehension's is its
iterator before Python 3.12), a base method using its instance (`helper NAME() uses
self`), and a lifted name some local of the calling body binds (the call would reach
the local).
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from migrate.kernel_model import SkipError
from migrate.names import store_names
from migrate.super_calls import super_target

#: `kernel_rewrite.KernelMigration` (which imports this module: not imported here)
KernelMigration = Any

#: the nodes opening a scope of their own inside a method body
NESTED_SCOPES = (cst.FunctionDef, cst.Lambda, cst.ClassDef, cst.ListComp, cst.SetComp,
                 cst.DictComp, cst.GeneratorExp)


def nested_super(scope: cst.CSTNode) -> str:
    """Why `super()` in `scope` (a nested scope of a method) is not read, in words."""
    kind = {cst.FunctionDef: "a nested function", cst.Lambda: "a lambda",
            cst.ClassDef: "a nested class"}.get(type(scope), "a comprehension")
    return (f"calls super() inside {kind} (its own scope: there super() is not the "
            "method's, so the codemod does not read it)")


def lift_super_call(mk: KernelMigration, call: cst.Call, self_name: str,
                    owner: cst.ClassDef | None, body: cst.CSTNode) -> cst.Call:
    """`call` (`super().NAME(args)` / `super(C, self).NAME(args)`, in a method of `owner`
    whose first parameter is `self_name`; `body` the method body being rewritten) as a
    call of the lifted method it reaches; SkipError saying why not."""
    func = cst.ensure_type(call.func, cst.Attribute)
    target = super_target(mk.mro, owner, func, self_name)
    if isinstance(target, str):
        raise SkipError(f"calls {target}")
    cls, fn = target
    spelled = f"super().{func.attr.value} ({cls.name.value}.{fn.name.value})"
    try:
        lifted = mk.lift_method(cls, fn, fallback=cls.name.value)
    except SkipError as exc:
        raise SkipError(f"calls {spelled}: {exc}") from None
    check_unshadowed(lifted, body, spelled)
    return call.with_changes(func=cst.Name(lifted))


def check_unshadowed(lifted: str, body: cst.CSTNode, spelled: str) -> None:
    """SkipError when `body`, which calls `spelled` (a method) as the lifted `lifted()`,
    binds that name itself: there the call would reach the local."""
    if lifted in store_names(body, outer_only=False):
        raise SkipError(f"calls {spelled}, lifted as {lifted}(), a name the calling "
                        "method binds itself")
