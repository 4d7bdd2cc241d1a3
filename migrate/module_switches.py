"""A lifted helper's branches a module constant decides (issue 23, cm42).

A team's shared ctx helper traces under a switch of its module,

    _TRACE = False

    def alloc_like(ctx, slot, like="X"):
        if _TRACE:
            print(f"[team] {ctx.op_type}: alloc {slot} ...")

and the copy lifted into an op module would import `_TRACE` and carry the dead `print`.
Where the test of an `if` (or `x if t else y`) is a module-level name of the helper's own
module, or `not` of one, that the module evaluator reads as a constant (bound once to a
literal, changed by nothing of the tree, its namespace not changed dynamically:
`static_eval.Evaluator.name`) and the helper does not bind itself, the test is spelled as
that value, and `kernel_tidy.fold_dead_branches` keeps the branch taken. A name such a
helper still reads that a function of its module rebinds (`global _TRACE`) is not imported
into the kernel's module (the copy would keep its value of import time): the kernel stays
legacy, named (`rebound_at_run_time`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import libcst as cst
import libcst.matchers as m

from migrate.kernel_tidy import fold_dead_branches
from migrate.name_bindings import top_level_bindings
from migrate.names import store_names
from migrate.static_refs import UnresolvableError

if TYPE_CHECKING:
    from migrate.static import ModuleInfo

_PLAIN = (bool, int, float, str, type(None))


def fold_module_switches(home: ModuleInfo, fn: cst.FunctionDef, body: Any) -> Any:
    """`body` (of helper `fn`, a function or method of module `home`) with each test that
    is a constant of `home` spelled as its value and the branches it rules out dropped."""
    own = set(store_names(fn.body, outer_only=False)) | {
        p.name.value for p in (*fn.params.params, *fn.params.kwonly_params,
                               *fn.params.posonly_params)}
    switches = _Switches(home, own)
    new = body.visit(switches)
    return fold_dead_branches(new) if switches.spelled else body


class _Switches(cst.CSTTransformer):
    def __init__(self, home: ModuleInfo, own: set[str]) -> None:
        super().__init__()
        self.home, self.own = home, own
        self.spelled = False

    def _value(self, node: cst.BaseExpression) -> cst.BaseExpression:
        inner = node.expression if (isinstance(node, cst.UnaryOperation)
                                    and isinstance(node.operator, cst.Not)) else node
        if not isinstance(inner, cst.Name) or inner.value in self.own \
                or inner.value in ("True", "False", "None"):
            return node
        try:
            value = self.home.ev.name(inner.value, {})
        except UnresolvableError:
            return node
        if not isinstance(value, _PLAIN) or (isinstance(value, float)
                                             and not math.isfinite(value)):
            return node
        self.spelled = True
        literal = cst.parse_expression(repr(value))
        if inner is node:
            return literal.with_changes(lpar=node.lpar, rpar=node.rpar)
        return node.with_changes(expression=literal)

    def leave_If(self, original: cst.If, updated: cst.If) -> cst.If:  # noqa: N802
        return updated.with_changes(test=self._value(updated.test))

    def leave_IfExp(self, original: cst.IfExp, updated: cst.IfExp  # noqa: N802
                    ) -> cst.IfExp:
        return updated.with_changes(test=self._value(updated.test))


def rebound_at_run_time(home: ModuleInfo, name: str) -> str:
    """Why module-level `name` of `home` may be rebound after import (bound more than once,
    in a nested block, or by a function's `global` statement); "". A copy of it imported
    elsewhere would keep the value of import time."""
    bindings = top_level_bindings(home.module, name, set())
    if m.findall(home.module, m.Global(names=[m.ZeroOrMore(), m.NameItem(m.Name(name)),
                                              m.ZeroOrMore()])):
        return "a function rebinds it (`global " + name + "`)"
    if len(bindings) > 1 or any(b.nested for b in bindings):
        return "its module binds it more than once"
    return ""
