"""Spellings of compute() read as plainer ones before the kernel's rewrite.

- `AttrView(ctx, lo=self.LO)`: a keyword argument of a call handed `ctx` first that is a
  class constant with a literal value is spelled as that literal, so that a view's
  keyword defaults are read (`param_objects`) as if written out;
- `type(self)._clip(...)`, `self.__class__._clip(...)`: the kernel's class reached for a
  staticmethod or classmethod (the first binding of the name along the kernel's MRO, a
  decorated `def` or `FUNC = staticmethod(fn)`) is `self._clip(...)`, the same function
  either way, lifted like any helper.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst
import libcst.matchers as m

from migrate.class_members import Member
from migrate.kernel_model import SkipError
from migrate.syntax import is_literal

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
