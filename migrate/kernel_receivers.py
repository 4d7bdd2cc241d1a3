"""Spellings of compute() read as plainer ones before the kernel's rewrite.

- `AttrView(ctx, lo=self.LO)`: a keyword argument of a call handed `ctx` first that is a
  class constant with a literal value is spelled as that literal, so that a view's
  keyword defaults are read (`param_objects`) as if written out;
- `type(self)._clip(...)`, `self.__class__._clip(...)`: the kernel's class reached for a
  staticmethod or classmethod (the first binding of the name along the kernel's MRO, a
  decorated `def` or `FUNC = staticmethod(fn)`) is `self._clip(...)`, the same function
  either way, lifted like any helper;
- `Base.compute(self, ctx)` in a method of a class of the kernel's MRO, Base after it:
  `super(Owner, self).compute(ctx)` where that reaches the same def (`ExplicitBases`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst
import libcst.matchers as m

from migrate.class_members import Member, class_body_names
from migrate.kernel_model import SkipError
from migrate.static_refs import UnresolvableError
from migrate.syntax import is_literal
from migrate.tree_bases import tree_mro

if TYPE_CHECKING:
    from migrate.kernel_rewrite import KernelMigration

#: decorators making a method the same function through the class and an instance
_UNBOUND = frozenset({"staticmethod", "classmethod"})


class ConstantKeywords(cst.CSTTransformer):
    """Each keyword argument `NAME=self.CONST` of a call handed `ctx` first, where CONST is
    a class constant whose value is a literal (a number, string, bool, None, a tuple of
    those), spelled as that literal."""

    def __init__(self, mk: KernelMigration, self_name: str, ctx: str) -> None:
        super().__init__()
        self.mk, self.self_name, self.ctx = mk, self_name, ctx

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:  # noqa: N802
        if not updated.args or not m.matches(updated.args[0].value, m.Name(self.ctx)):
            return updated
        return updated.with_changes(args=[self._spelled(a) for a in updated.args])

    def _spelled(self, arg: cst.Arg) -> cst.Arg:
        if arg.keyword is None or not m.matches(arg.value, m.Attribute(
                value=m.Name(self.self_name), attr=m.Name())):
            return arg
        try:
            value = self.mk.class_attr(cst.ensure_type(arg.value, cst.Attribute).attr.value)
        except SkipError:  # no constant: the call is read (or refused) as written
            return arg
        return arg.with_changes(value=value) if value is not None and is_literal(value) else arg


class ClassReceivers(cst.CSTTransformer):
    """`type(self).NAME` and `self.__class__.NAME` as `self.NAME` where NAME is a
    staticmethod or classmethod of the kernel's classes (`members`, by its MRO)."""

    def __init__(self, members: dict[str, Member], self_name: str) -> None:
        super().__init__()
        self.members, self.self_name = members, self_name
        me = m.Name(self_name)
        self.of_class = m.Call(func=m.Name("type"), args=[m.Arg(me, keyword=None, star="")]) \
            | m.Attribute(value=me, attr=m.Name("__class__"))

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute  # noqa: N802
                        ) -> cst.BaseExpression:
        if not m.matches(updated.value, self.of_class):
            return updated
        member = self.members.get(updated.attr.value)
        fn = member.function if member is not None else None
        unbound = m.Name(m.MatchIfTrue(lambda n: n in _UNBOUND))
        # `FUNC = staticmethod(fn)` in the class body: the same function either way too
        wrapped = member is not None and m.matches(member.value, m.Call(
            func=unbound, args=[m.Arg(keyword=None, star="")]))
        if not wrapped and (fn is None or not any(
                m.matches(d.decorator, unbound) for d in fn.decorators)):
            return updated
        return updated.with_changes(value=cst.Name(self.self_name))


class ExplicitBases(cst.CSTTransformer):
    """`Base.NAME(self, ...)` in a method of class `owner` (a class of the kernel's MRO,
    Base one after it) as `super(Owner, self).NAME(...)` where both reach the same def:
    Base's own MRO is the kernel's from Base on, and no class between `owner` and Base
    binds NAME (`super_calls` then reads it as any cooperative call)."""

    def __init__(self, mk: KernelMigration, owner: cst.ClassDef, self_name: str) -> None:
        super().__init__()
        self.mk, self.owner, self.self_name = mk, owner, self_name

    def leave_Call(self, original: cst.Call, updated: cst.Call  # noqa: N802
                   ) -> cst.BaseExpression:
        if not (m.matches(updated.func, m.Attribute(value=m.Name(), attr=m.Name()))
                and updated.args and m.matches(updated.args[0], m.Arg(
                    value=m.Name(self.self_name), keyword=None, star=""))):
            return updated
        func = cst.ensure_type(updated.func, cst.Attribute)
        base, name = cst.ensure_type(func.value, cst.Name).value, func.attr.value
        mro = self.mk.mro
        at = next((i for i, c in enumerate(mro) if c is self.owner), None)
        names = [c.name.value for c in mro]
        if at is None or base not in names[at + 1:] or not self._same_tail(base, names):
            return updated
        between = mro[at + 1:names.index(base, at + 1)]
        if any(name in class_body_names(c) for c in between):
            return updated
        receiver = cst.Call(cst.Name("super"), [cst.Arg(cst.Name(self.owner.name.value)),
                                                cst.Arg(cst.Name(self.self_name))])
        return updated.with_changes(func=func.with_changes(value=receiver),
                                    args=updated.args[1:])

    def _same_tail(self, base: str, names: list[str]) -> bool:
        """Base's MRO, as the tree gives it, is the kernel's from Base on."""
        cls = next(c for c in self.mk.mro if c.name.value == base)
        try:
            own = tree_mro(self.mk.info.owner_of(cls), base).classes
        except (UnresolvableError, KeyError):
            return False
        return [c.name.value for c in own] == names[names.index(base):]
