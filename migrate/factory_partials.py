"""A factory's `functools.partial` locals, read as the calls they make.

In a factory building a kernel class (`factory_classes`), `fn =
functools.partial(_shifted, cmp, sign)` bound once, before the class statement, and only
ever called by the class (`fn(x, y, eps)`) is the same as calling `_shifted(cmp, sign, x,
y, eps)` there: Python's partial puts its positional arguments in front of the call's.
`inline_partials` gives the factory with those calls so written, so that the class closes
over the factory's parameters and module names alone, which the factory reading
substitutes as it does any. Read only when the partial has positional arguments alone (a
keyword of the partial may be overridden by the call's) that build nothing (no call,
display or lambda: the partial evaluates them once, an inlined call each time), and
neither the function nor an argument reads a name the class binds itself (it would read
the class's own there); otherwise the factory is refused as before, naming the local.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from migrate.names import NameWalker
from migrate.static_refs import ImportTable


def inline_partials(fn: cst.FunctionDef, imports: ImportTable) -> cst.FunctionDef:
    """`fn` (a factory) with each call of a partial local in its class statement written as
    the call of the partial's function (see the module doc); `fn` unchanged when it has
    none the module doc allows."""
    body = list(fn.body.body)
    classes = [s for s in body if isinstance(s, cst.ClassDef)]
    if len(classes) != 1:
        return fn
    cls = classes[0]
    at = body.index(cls)
    stores = [e.name for e in NameWalker().walk(fn.body) if e.store]
    params = {p.name.value for p in (*fn.params.params, *fn.params.kwonly_params)}
    bound_in_class = {e.name for e in NameWalker().walk(cls.body) if e.store} | {
        p.name.value for p in m.findall(cls, m.Param())}  # type: ignore[attr-defined]
    partials: dict[str, tuple[cst.BaseExpression, list[cst.Arg]]] = {}
    for stmt in body[:at]:
        local_call = _partial_assign(stmt, imports)
        if local_call is None:
            continue
        local, call = local_call
        if stores.count(local) != 1 or local in params:
            continue
        read = {n.value for n in m.findall(call, m.Name())}  # type: ignore[attr-defined]
        if read & bound_in_class:
            continue
        uses = m.findall(cls, m.Name(local))
        calls = {id(c.func) for c in m.findall(cls, m.Call(func=m.Name(local)))}  # type: ignore[attr-defined]
        if not uses or any(id(u) not in calls for u in uses):
            continue
        partials[local] = (call.args[0].value, list(call.args[1:]))
    if not partials:
        return fn
    new_cls = cst.ensure_type(cls.visit(_Expand(partials)), cst.ClassDef)
    body[at] = new_cls
    return fn.with_changes(body=fn.body.with_changes(body=body))


def _partial_assign(stmt: cst.CSTNode, imports: ImportTable
                    ) -> tuple[str, cst.Call] | None:
    """(local, the call) of `local = functools.partial(f, a, ...)` with a function and
    positional arguments alone; None for any other statement."""
    if not m.matches(stmt, m.SimpleStatementLine(body=[m.Assign(
            targets=[m.AssignTarget(target=m.Name())], value=m.Call())])):
        return None
    assign = cst.ensure_type(cst.ensure_type(stmt, cst.SimpleStatementLine).body[0], cst.Assign)
    call = cst.ensure_type(assign.value, cst.Call)
    if imports.resolve(call.func) != "functools.partial" or not call.args:
        return None
    if any(a.keyword is not None or a.star for a in call.args):
        return None
    if m.findall(call.args[0].value, m.Call()) or any(m.findall(a.value, _EVALUATED)
                                                      for a in call.args):
        return None  # evaluated once by the partial, at each call once inlined
    return cst.ensure_type(assign.targets[0].target, cst.Name).value, call


#: what a partial's argument may not hold: it would be built anew at each inlined call
_EVALUATED = m.OneOf(m.Call(), m.List(), m.Dict(), m.Set(), m.Lambda(), m.ListComp(),
                     m.DictComp(), m.SetComp(), m.GeneratorExp(), m.Await(), m.Yield(),
                     m.NamedExpr())


class _Expand(cst.CSTTransformer):
    def __init__(self, partials: dict[str, tuple[cst.BaseExpression, list[cst.Arg]]]) -> None:
        self.partials = partials

    def leave_Call(self, original: cst.Call, updated: cst.Call  # noqa: N802
                   ) -> cst.BaseExpression:
        if not isinstance(updated.func, cst.Name) or updated.func.value not in self.partials:
            return updated
        func, first = self.partials[updated.func.value]
        first = [a.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
                 for a in first]
        if not updated.args:
            first[-1] = first[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        return updated.with_changes(func=func, args=[*first, *updated.args])
