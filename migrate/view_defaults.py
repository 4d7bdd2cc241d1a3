"""What an attribute view's `__init__` keeps as its defaults, and what a call building
the view gives them (`view_reads`): keyword defaults (`**defaults`), one dict of them
(`defaults=None`), or a class table copied (`dict(self.DEFAULTS)`) and updated.
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst
import libcst.matchers as m

from migrate.kernel_model import SkipError
from migrate.static_refs import UnresolvableError, is_plain_value, literal_string
from migrate.syntax import body_statements, is_literal


def init_fields(init: cst.FunctionDef | None, said: str,
                constant: Callable[[str], object] | None
                ) -> tuple[str, str, str, tuple[tuple[str, cst.BaseExpression], ...], bool, str]:
    """(ctx's name, the attribute keeping it, the one keeping the defaults or "", the
    defaults a class table gives, whether the call gives defaults too, the parameter taking
    them as one dict or "" for keywords)."""
    wrong = SkipError(f"{said} whose __init__ does more than store ctx (`self._ctx = ctx`)"
                      " and its defaults (`self._defaults = defaults`, `dict(self.DEFAULTS)`"
                      " updated by them)")
    if init is None:
        raise wrong
    p = init.params
    mapping = _mapping_param(p)
    if p.posonly_params or p.kwonly_params or len(p.params) != 2 + bool(mapping) or \
            p.star_arg is not cst.MaybeSentinel.DEFAULT or \
            any(q.default is not None for q in p.params[:2]):
        raise wrong
    me, ctx = (q.name.value for q in p.params[:2])
    extra = p.star_kwarg.name.value if isinstance(p.star_kwarg, cst.Param) else mapping
    # `defaults=None`: only a copy of `defaults or {}` holds a dict whatever the call gives
    optional = bool(mapping) and m.matches(p.params[2].default, m.Name("None"))
    stored = [_copied(m.BooleanOperation(left=m.Name(extra), operator=m.Or(), right=_EMPTY)),
              *([] if optional else [_copied(m.Name(extra))])]
    kept = defaults = ""
    table: tuple[tuple[str, cst.BaseExpression], ...] = ()
    merged = False
    for stmt in body_statements(init):
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(
            stmt.body) == 1 else None
        if defaults and extra and not merged and not optional and m.matches(
                small, m.Expr(m.Call(func=m.Attribute(value=m.Attribute(
                    value=m.Name(me), attr=m.Name(defaults)), attr=m.Name("update")),
                    args=[m.Arg(m.Name(extra), keyword=None, star="")]))):
            merged = True  # `self._defaults.update(defaults)`
            continue
        if not m.matches(small, m.Assign(targets=[m.AssignTarget(m.Attribute(
                value=m.Name(me), attr=m.Name()))])):
            raise wrong
        assign = cst.ensure_type(small, cst.Assign)
        field = cst.ensure_type(assign.targets[0].target, cst.Attribute).attr.value
        copied = _copied_table(assign.value, me)
        if m.matches(assign.value, m.Name(ctx)) and not kept:
            kept = field
        elif extra and not defaults and field != kept and any(m.matches(assign.value, form)
                                                              for form in stored):
            defaults, merged = field, True
        elif copied and constant is not None and not defaults and field != kept:
            defaults, table = field, _table(copied, constant, said)
        else:
            raise wrong
    if not kept or bool(extra) != merged:
        raise wrong
    return ctx, kept, defaults, table, merged, mapping


#: an empty dict or tuple display: `defaults or {}`
_EMPTY = m.Dict(elements=()) | m.Tuple(elements=()) | m.List(elements=())


def _copied(value: m.BaseMatcherNode) -> m.BaseMatcherNode:
    """`value` or `dict(value)`: the defaults as given, or a copy."""
    return value | m.Call(func=m.Name("dict"), args=[m.Arg(value, keyword=None, star="")])


def _mapping_param(p: cst.Parameters) -> str:
    """The name of `__init__`'s third plain parameter taking the defaults as one dict
    (`def __init__(self, ctx, defaults=None)`; its default None or an empty display,
    no `**` parameter beside it); ""."""
    if len(p.params) != 3 or isinstance(p.star_kwarg, cst.Param):
        return ""
    last = p.params[2]
    if last.default is not None and not m.matches(last.default, m.Name("None") | _EMPTY):
        return ""
    return last.name.value


def _copied_table(value: cst.BaseExpression, me: str) -> str:
    """`NAME` of `dict(self.NAME)` or `self.NAME.copy()`; ""."""
    table = m.Attribute(value=m.Name(me), attr=m.Name())
    if m.matches(value, m.Call(func=m.Name("dict"), args=[m.Arg(table, keyword=None,
                                                                star="")])):
        return cst.ensure_type(cst.ensure_type(value, cst.Call).args[0].value,
                               cst.Attribute).attr.value
    if m.matches(value, m.Call(func=m.Attribute(value=table, attr=m.Name("copy")), args=())):
        return cst.ensure_type(cst.ensure_type(cst.ensure_type(value, cst.Call).func,
                                               cst.Attribute).value, cst.Attribute).attr.value
    return ""


def _table(name: str, constant: Callable[[str], object], said: str
           ) -> tuple[tuple[str, cst.BaseExpression], ...]:
    """Class constant `name`, a dict of plain literals nothing changes, as defaults."""
    try:
        value = constant(name)
    except UnresolvableError as exc:
        raise SkipError(f"{said} whose defaults copy class attribute {name}: {exc}") from None
    if not isinstance(value, dict) or not all(
            isinstance(k, str) and is_plain_value(v) for k, v in value.items()):
        raise SkipError(f"{said} whose defaults copy class attribute {name}, no dict of "
                        "literals")
    return tuple((k, cst.parse_expression(repr(v))) for k, v in value.items())


def call_defaults(view: str, mapping: str, call: cst.Call, spelled: str
                  ) -> tuple[tuple[str, cst.BaseExpression], ...]:
    """The defaults `call` (`View(ctx, alpha=1.0)`, spelled `spelled`) gives view class
    `view`: ctx first, then literal keywords (`**defaults`), or for a view taking one dict
    (parameter `mapping`, "" for none) nothing, None or a display with literal string keys
    and values."""
    said = f"builds attribute view {view} by `{spelled}`, with arguments besides ctx"
    first, *rest = call.args
    if first.keyword is not None or first.star:
        raise SkipError(f"{said} and literal keyword defaults")
    if mapping:
        given = rest[0] if len(rest) == 1 else None
        if len(rest) > 1 or (given is not None and (given.star or (
                given.keyword is not None and given.keyword.value != mapping))):
            raise SkipError(f"{said} and a dict of defaults")
        value = given.value if given is not None else cst.Name("None")
        named = m.SimpleString(value=m.MatchIfTrue(lambda v: (literal_string(
            cst.SimpleString(v)) or "").isidentifier()))
        if not m.matches(value, m.Name("None") | m.Dict(elements=[
                m.ZeroOrMore(m.DictElement(key=named))])):
            raise SkipError(f"{said} and a dict display of defaults keyed by names")
        rest = [] if isinstance(value, cst.Name) else [
            cst.Arg(e.value, keyword=cst.Name(str(literal_string(e.key))))
            for e in cst.ensure_type(value, cst.Dict).elements
            if isinstance(e, cst.DictElement)]
    # a list display of literals too (`dim=[]`): a fallback read where the desc lacks the
    # attribute is taken only when literal (`has_attr_folds`), else the kernel is refused
    if any(a.keyword is None or a.star or not a.keyword.value.isidentifier() or not (
            is_literal(a.value) or (isinstance(a.value, cst.List) and all(
                isinstance(e, cst.Element) and is_literal(e.value)
                for e in a.value.elements))) for a in rest):
        raise SkipError(f"{said} and literal {'' if mapping else 'keyword '}defaults")
    return tuple((cst.ensure_type(a.keyword, cst.Name).value, a.value) for a in rest)
