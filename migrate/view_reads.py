"""Attribute views of ctx read for one literal name (issue 23): `v.alpha` of
`v = AttrView(ctx, alpha=1.0)` is what the view's `__getattr__` returns for "alpha".

A view is a plain class (`param_objects` checks its bases) whose body holds only
`__init__` and `__getattr__` (and a docstring):

* `__init__(self, ctx)` or `__init__(self, ctx, **defaults)` storing ctx on the instance
  (`self._ctx = ctx`) and, with `**defaults`, the keywords (`self._defaults = defaults`, or
  `dict(defaults)`), nothing else;
* `__getattr__(self, name)` made of `if`/`else`, `return`, `raise` and `try:` a ctx read
  `except KeyError:` (what `ctx.attr` raises for a missing attribute), over
  - tests: `self._ctx.has_attr(name)`, `name in self._defaults` (`not in`),
    `name.startswith("_")` / `endswith`, `name == "..."` (`!=`), `not`, `and`, `or`;
  - values: `self._ctx.attr(name)`, `self._defaults[name]`, `self._defaults.get(name)`
    (with a literal default), a literal.

For one read the body is evaluated with `name` the literal attribute and the defaults the
call's literal keywords: a test of `name` or of the defaults is decided, a `has_attr` test
stays (`has_attr_folds` decides it from the op's proto), so a read becomes
`ctx.attr("alpha") if ctx.has_attr("alpha") else 1.0`, or plainly `ctx.attr("alpha")`.
A `raise` is read only where a missing attribute raises either way (the `else` of
`has_attr(name)` around `ctx.attr(name)`, which raises KeyError there); any other path
to a `raise`, or anything else in the body, is refused naming it.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst
import libcst.matchers as m

from migrate.kernel_model import SkipError
from migrate.names import store_names
from migrate.static_refs import code_of, literal_string
from migrate.syntax import body_statements, first_line, is_literal

#: what `__getattr__` evaluates to on a path that raises
_RAISES = "raises"
#: exceptions an `except` around `self._ctx.attr(name)` may name: `ctx.attr` raises
#: KeyError for an attribute the op lacks
_CAUGHT = frozenset({"KeyError", "LookupError", "Exception", "BaseException"})
#: str methods of the name a test may call with one literal string
_NAME_TESTS = frozenset({"startswith", "endswith"})

Value = cst.BaseExpression | str  # str: _RAISES


@dataclass(frozen=True)
class ViewReader:
    """A view class's `__getattr__`, read per attribute name: `ctx` is the name of the
    context in `__init__`, `kept` the attribute keeping it, `defaults` the one keeping
    the keyword defaults ("" when `__init__` takes none)."""

    name: str
    ctx: str
    kept: str
    defaults: str
    me: str
    looked: str
    body: tuple[cst.BaseStatement, ...]
    #: how a refusal starts: "hands ctx to V (V(ctx)), an attribute view"
    said: str

    def read(self, attr: str, given: dict[str, cst.BaseExpression]) -> Value:
        """`view.attr` over `ctx`, the call giving `given` as defaults; `_RAISES` when
        every path raises. SkipError naming what is not read."""
        value = _Eval(self, attr, given).run(list(self.body))
        return value


def view_reader(cls: cst.ClassDef, said: str) -> ViewReader:
    """`cls` read as an attribute view; SkipError (its words after `said`) when it is
    not one."""
    methods = {s.name.value: s for s in cls.body.body if isinstance(s, cst.FunctionDef)}
    for stmt in body_statements(cls):
        if not (isinstance(stmt, cst.FunctionDef) and stmt.name.value in (
                "__init__", "__getattr__") and not stmt.decorators):
            raise SkipError(f"{said} that also runs `{first_line(stmt)}` in its body (only "
                            "__init__ storing ctx and __getattr__ reading it are read)")
    ctx, kept, defaults = _init(methods.get("__init__"), said)
    getattr_ = methods["__getattr__"]
    p = getattr_.params
    if p.posonly_params or p.kwonly_params or p.star_kwarg or \
            p.star_arg is not cst.MaybeSentinel.DEFAULT or len(p.params) != 2 or \
            any(q.default is not None for q in p.params):
        raise SkipError(f"{said} whose __getattr__ takes other than (self, name)")
    me, looked = (q.name.value for q in p.params)
    body = tuple(body_statements(getattr_))
    if {me, looked} & store_names(cst.IndentedBlock(body=body), outer_only=False):
        raise SkipError(f"{said} whose __getattr__ rebinds {me} or {looked}")
    return ViewReader(cls.name.value, ctx, kept, defaults, me, looked, body, said)


def _init(init: cst.FunctionDef | None, said: str) -> tuple[str, str, str]:
    """(ctx's name, the attribute keeping it, the one keeping `**defaults` or "")."""
    wrong = SkipError(f"{said} whose __init__ does more than store ctx (`self._ctx = ctx`)"
                      " and its keyword defaults (`self._defaults = defaults`)")
    if init is None:
        raise wrong
    p = init.params
    if p.posonly_params or p.kwonly_params or len(p.params) != 2 or \
            p.star_arg is not cst.MaybeSentinel.DEFAULT or \
            any(q.default is not None for q in p.params):
        raise wrong
    me, ctx = (q.name.value for q in p.params)
    extra = p.star_kwarg.name.value if isinstance(p.star_kwarg, cst.Param) else ""
    kept = defaults = ""
    for stmt in body_statements(init):
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(
            stmt.body) == 1 else None
        if not m.matches(small, m.Assign(targets=[m.AssignTarget(m.Attribute(
                value=m.Name(me), attr=m.Name()))])):
            raise wrong
        assign = cst.ensure_type(small, cst.Assign)
        field = cst.ensure_type(assign.targets[0].target, cst.Attribute).attr.value
        if m.matches(assign.value, m.Name(ctx)) and not kept:
            kept = field
        elif extra and not defaults and field != kept and m.matches(assign.value, m.Name(
                extra) | m.Call(func=m.Name("dict"), args=[m.Arg(m.Name(extra), keyword=None,
                                                                   star="")])):
            defaults = field
        else:
            raise wrong
    if not kept or bool(extra) != bool(defaults):
        raise wrong
    return ctx, kept, defaults


class _Eval:
    """One run of `__getattr__` for the name `attr`."""

    def __init__(self, view: ViewReader, attr: str, given: dict[str, cst.BaseExpression]
                 ) -> None:
        self.v, self.attr, self.given = view, attr, given
        self.said = f"{view.said} whose __getattr__ does more than return " \
            f"`{view.me}.{view.kept}.attr({view.looked})` or a default: for {attr!r} it"

    def refuse(self, node: cst.CSTNode) -> SkipError:
        text = " ".join(code_of(node).split())
        text = text if len(text) <= 80 else text[:77] + "..."
        return SkipError(f"{self.said} runs `{text}` (only tests of the name, of its "
                         "defaults and `has_attr`, and returns of ctx reads, defaults and "
                         "literals are read)")

    def run(self, stmts: list[cst.BaseStatement]) -> Value:
        if not stmts:
            return cst.Name("None")
        stmt, rest = stmts[0], stmts[1:]
        if isinstance(stmt, cst.If):
            test = self.test(stmt.test)
            orelse = stmt.orelse
            other = [orelse] if isinstance(orelse, cst.If) else \
                list(orelse.body.body) if isinstance(orelse, cst.Else) else []
            if test is True:
                return self.run([*stmt.body.body, *rest])
            if test is False:
                return self.run([*other, *rest])
            return self.choose(test, self.run([*stmt.body.body, *rest]),
                               self.run([*other, *rest]))
        if isinstance(stmt, cst.Try):
            return self.attempt(stmt, rest)
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(
            stmt.body) == 1 else None
        if isinstance(small, cst.Return) and small.value is not None:
            return self.value(small.value)
        if isinstance(small, cst.Raise):
            return _RAISES
        if isinstance(small, cst.Pass):
            return self.run(rest)
        raise self.refuse(stmt)

    def attempt(self, stmt: cst.Try, rest: list[cst.BaseStatement]) -> Value:
        """`try: return self._ctx.attr(name)` `except KeyError: ...` (one handler, no
        else or finally): the read where the op has the attribute, the handler where not."""
        small = stmt.body.body[0] if len(stmt.body.body) == 1 else None
        read = small.body[0] if isinstance(small, cst.SimpleStatementLine) and len(
            small.body) == 1 else None
        if not (isinstance(read, cst.Return) and read.value is not None and self._ctx_call(
                read.value, "attr")) or len(stmt.handlers) != 1 or stmt.orelse or \
                stmt.finalbody:
            raise self.refuse(stmt)
        handler = stmt.handlers[0]
        names = [] if handler.type is None else [
            e.value for e in handler.type.elements] if isinstance(handler.type, cst.Tuple) \
            else [handler.type]
        caught = handler.type is None or any(
            m.matches(n, m.Name()) and cst.ensure_type(n, cst.Name).value in _CAUGHT
            for n in names)
        if not caught or handler.name is not None:
            raise self.refuse(stmt)
        return self.choose(self._has_attr(), self.value(read.value),
                           self.run([*handler.body.body, *rest]))

    def choose(self, test: cst.BaseExpression, yes: Value, no: Value) -> Value:
        if yes == _RAISES and no == _RAISES:
            return _RAISES
        if no == _RAISES:
            # a missing attribute raises either way: `ctx.attr` raises KeyError for it
            if test.deep_equals(self._has_attr()) and not isinstance(yes, str) and \
                    yes.deep_equals(self._attr()):
                return yes
            raise SkipError(f"{self.said} raises unless `{code_of(test).strip()}`")
        if yes == _RAISES:
            raise SkipError(f"{self.said} raises when `{code_of(test).strip()}`")
        assert not isinstance(yes, str) and not isinstance(no, str)
        return cst.IfExp(test=test, body=yes, orelse=no)

    # -- the pieces of ctx and of the view a body reads
    def _self(self, attr: str) -> m.Attribute:
        return m.Attribute(value=m.Name(self.v.me), attr=m.Name(attr))

    def _ctx_call(self, node: cst.BaseExpression, method: str) -> bool:
        return m.matches(node, m.Call(func=m.Attribute(value=self._self(self.v.kept),
                                                       attr=m.Name(method)),
                                      args=[m.Arg(m.Name(self.v.looked), keyword=None,
                                                  star="")]))

    def _on_ctx(self, method: str) -> cst.Call:
        return cst.Call(cst.Attribute(cst.Name(self.v.ctx), cst.Name(method)),
                        [cst.Arg(cst.SimpleString(repr(self.attr)))])

    def _attr(self) -> cst.Call:
        return self._on_ctx("attr")

    def _has_attr(self) -> cst.Call:
        return self._on_ctx("has_attr")

    def _is_name(self, node: cst.BaseExpression) -> bool:
        return m.matches(node, m.Name(self.v.looked))

    def _is_defaults(self, node: cst.BaseExpression) -> bool:
        return bool(self.v.defaults) and m.matches(node, self._self(self.v.defaults))

    def test(self, node: cst.BaseExpression) -> bool | cst.BaseExpression:
        """`node` decided (a bool) or, reading `has_attr`, over ctx."""
        if self._ctx_call(node, "has_attr"):
            return self._has_attr()
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
            inner = self.test(node.expression)
            return (not inner) if isinstance(inner, bool) else cst.UnaryOperation(
                cst.Not(), inner)
        if isinstance(node, cst.BooleanOperation):
            left = self.test(node.left)
            is_and = isinstance(node.operator, cst.And)
            if isinstance(left, bool):
                return self.test(node.right) if left == is_and else left
            right = self.test(node.right)
            if isinstance(right, bool):
                return left if right == is_and else right
            return cst.BooleanOperation(left, node.operator, right)
        if isinstance(node, cst.Comparison) and len(node.comparisons) == 1:
            target = node.comparisons[0]
            op = target.operator
            if self._is_name(node.left) and self._is_defaults(target.comparator) and \
                    isinstance(op, (cst.In, cst.NotIn)):
                return (self.attr in self.given) == isinstance(op, cst.In)
            said = literal_string(target.comparator)
            if self._is_name(node.left) and said is not None and isinstance(
                    op, (cst.Equal, cst.NotEqual)):
                return (self.attr == said) == isinstance(op, cst.Equal)
        if isinstance(node, cst.Call) and m.matches(node.func, m.Attribute(
                value=m.Name(self.v.looked))) and len(node.args) == 1 and \
                node.args[0].keyword is None and not node.args[0].star:
            method = cst.ensure_type(node.func, cst.Attribute).attr.value
            said = literal_string(node.args[0].value)
            if method in _NAME_TESTS and said is not None:
                return bool(getattr(self.attr, method)(said))
        raise self.refuse(node)

    def value(self, node: cst.BaseExpression) -> Value:
        if self._ctx_call(node, "attr"):
            return self._attr()
        if is_literal(node):
            return node
        if isinstance(node, cst.Subscript) and self._is_defaults(node.value) and len(
                node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index) and \
                self._is_name(node.slice[0].slice.value):
            return self.given.get(self.attr, _RAISES)
        if isinstance(node, cst.Call) and m.matches(node.func, m.Attribute(
                attr=m.Name("get"))) and self._is_defaults(
                cst.ensure_type(node.func, cst.Attribute).value) and \
                1 <= len(node.args) <= 2 and self._is_name(node.args[0].value) and \
                all(a.keyword is None and not a.star for a in node.args) and (
                len(node.args) == 1 or is_literal(node.args[1].value)):
            fallback = node.args[1].value if len(node.args) == 2 else cst.Name("None")
            return self.given.get(self.attr, fallback)
        raise self.refuse(node)

