"""Attribute views of ctx read for one literal name (issue 23): `v.alpha` of
`v = AttrView(ctx, alpha=1.0)` is what the view's `__getattr__` returns for "alpha".

A view is a plain class (`param_objects` checks its bases) whose body holds only
`__init__` and `__getattr__` (and a docstring, class constants, a `__setattr__` or
`__delattr__` that only raises, plain methods: a read of one is refused as of any name the
class binds):

* `__init__(self, ctx)`, `__init__(self, ctx, **defaults)` or `__init__(self, ctx,
  defaults=None)` (one dict: `View(ctx, {"alpha": 1.0})`) storing ctx on the instance
  (`self._ctx = ctx`) and the defaults given (`self._defaults = defaults`, `dict(defaults)`,
  or for a parameter that may be None `dict(defaults or {})`), nothing else;
* `__getattr__(self, name)` made of `if`/`else`, `return`, `raise` and `try:` a ctx read
  or the defaults' item `except KeyError:` (what `ctx.attr` and a dict raise for a missing
  name), over
  - tests: `self._ctx.has_attr(name)`, `name in self._defaults` (`not in`),
    `name.startswith("_")` / `endswith`, `name == "..."` (`!=`), `not`, `and`, `or`;
  - values: `self._ctx.attr(name)`, `self._defaults[name]`, `self._defaults.get(name)`
    (with a literal default), a literal;
  - locals: `value = <a value>`, or `value = self._defaults.get(name, _MISSING)` (a
    sentinel: a name the module binds once to `object()`) read only by `value is
    _MISSING` (`is not`) before it is returned.

For one read the body is evaluated with `name` the literal attribute and the defaults the
call's literal keywords: a test of `name` or of the defaults is decided, a `has_attr` test
stays (`has_attr_folds` decides it from the op's proto), so a read becomes
`ctx.attr("alpha") if ctx.has_attr("alpha") else 1.0`, or plainly `ctx.attr("alpha")`.
A `raise` is read only where a missing attribute raises either way (the `else` of
`has_attr(name)` around `ctx.attr(name)`, which raises KeyError there); any other path
to a `raise`, or anything else in the body, is refused naming it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import libcst as cst
import libcst.matchers as m

from migrate.kernel_model import SkipError
from migrate.names import store_names
from migrate.static_refs import code_of, literal_string
from migrate.syntax import body_statements, first_line, is_literal, substitute_names
from migrate.view_defaults import init_fields

#: what `__getattr__` evaluates to on a path that raises
_RAISES = "raises"
#: exceptions an `except` around `self._ctx.attr(name)` may name: `ctx.attr` raises
#: KeyError for an attribute the op lacks
_CAUGHT = frozenset({"KeyError", "LookupError", "Exception", "BaseException"})
#: str methods of the name a test may call with one literal string
_NAME_TESTS = frozenset({"startswith", "endswith"})

#: what a local holds where the defaults lack the name and `.get` gave its sentinel
_ABSENT = "absent"

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
    #: the defaults a class-level table gives before the call's keywords (`dict(self.
    #: DEFAULTS)` in `__init__`), and whether the call's keywords count (`**defaults`)
    table: tuple[tuple[str, cst.BaseExpression], ...] = ()
    keywords: bool = True
    #: a local of `__getattr__` holding ctx (`ctx = self.__dict__["_ctx"]`)
    alias: str = ""
    #: the names the classes' bodies bind (constants, methods): Python finds those without
    #: `__getattr__`
    members: frozenset[str] = frozenset()
    #: module-level names bound once to a fresh `object()` (`_MISSING`): `_sentinels`
    sentinels: frozenset[str] = frozenset()
    #: the parameter taking the defaults as one dict (`AttrView(ctx, {"eps": 1e-5})`,
    #: `defaults={...}`); "" where they are keywords (`**defaults`) or not taken
    mapping: str = ""

    def read(self, attr: str, given: dict[str, cst.BaseExpression]) -> Value:
        """`view.attr` over `ctx`, the call giving `given` as defaults; `_RAISES` when
        every path raises. SkipError naming what is not read."""
        return _Eval(self, attr, {**dict(self.table), **given}).run(list(self.body))


def view_reader(mro: list[cst.ClassDef], said: str,
                constant: Callable[[str], object] | None = None,
                module_of: Callable[[cst.ClassDef], cst.Module] | None = None) -> ViewReader:
    """The first class of `mro` (its classes in the tree, in order) read as an attribute
    view; SkipError (its words after `said`) when it is not one. Its bodies may hold
    `__init__`, `__getattr__` and class constants; `constant(NAME)` is the value of class
    constant NAME (UnresolvableError when nothing makes it one); `module_of(C)` the module
    of class C, where `__getattr__`'s sentinels are found (`_sentinels`)."""
    methods: dict[str, cst.FunctionDef] = {}
    sentinels: frozenset[str] = frozenset()
    for cls in mro:
        for stmt in body_statements(cls):
            if isinstance(stmt, cst.FunctionDef) and stmt.name.value in (
                    "__init__", "__getattr__") and not stmt.decorators:
                if stmt.name.value == "__getattr__" and "__getattr__" not in methods and \
                        module_of is not None:
                    sentinels = _sentinels(module_of(cls))
                methods.setdefault(stmt.name.value, stmt)
            elif not (m.matches(stmt, m.SimpleStatementLine([m.Pass() | m.Expr(m.Ellipsis())]))
                      or (constant is not None and _class_constant(stmt))
                      or _inert_method(stmt)):
                raise SkipError(f"{said} that also runs `{first_line(stmt)}` in its body "
                                "(only __init__ storing ctx, __getattr__ reading it, class "
                                "constants, plain methods and a __setattr__ that only raises "
                                "are read)")
    # `self.__dict__["_ctx"] = ctx` (past a `__setattr__` that raises) is `self._ctx = ctx`
    methods = {name: _by_attribute(fn) for name, fn in methods.items()}
    ctx, kept, defaults, table, keywords, mapping = init_fields(methods.get("__init__"), said,
                                                          constant)
    getattr_ = methods["__getattr__"]
    p = getattr_.params
    if p.posonly_params or p.kwonly_params or p.star_kwarg or \
            p.star_arg is not cst.MaybeSentinel.DEFAULT or len(p.params) != 2 or \
            any(q.default is not None for q in p.params):
        raise SkipError(f"{said} whose __getattr__ takes other than (self, name)")
    me, looked = (q.name.value for q in p.params)
    body = body_statements(getattr_)
    # `ctx = self.__dict__["_ctx"]` (a top-level statement, nothing reading `ctx` before
    # it): its reads are reads of the kept context, the statement goes
    aliases = [(i, a) for i, s in enumerate(body) if (a := _ctx_alias(s, me, kept))]
    alias = aliases[0][1] if len(aliases) == 1 else ""
    if alias and not any(n.value == alias for s in body[:aliases[0][0]]
                         for n in m.findall(s, m.Name())):
        body = body[:aliases[0][0]] + body[aliases[0][0] + 1:]
    else:
        alias = ""
    if defaults:  # `d = self._defaults` then `name in d`: read as `self._defaults`
        body = _field_alias(body, me, defaults)
    if ({me, looked} | ({alias} if alias else set())) & store_names(
            cst.IndentedBlock(body=body), outer_only=False):
        raise SkipError(f"{said} whose __getattr__ rebinds {me}, {looked} or its ctx")
    members = frozenset(n for cls in mro for s in cls.body.body for n in store_names(s))
    return ViewReader(mro[0].name.value, ctx, kept, defaults, me, looked, tuple(body), said,
                      table, keywords, alias, members, sentinels, mapping)


def _sentinels(module: cst.Module) -> frozenset[str]:
    """The names `module` binds once, at its top level, to a fresh `object()` and nowhere
    else: a value nothing else is (`value is _MISSING` holds only for it)."""
    stores: dict[str, int] = {}
    fresh = set()
    for stmt in module.body:
        for name in store_names(stmt, outer_only=False):
            stores[name] = stores.get(name, 0) + 1
        if m.matches(stmt, m.SimpleStatementLine([m.Assign(
                targets=[m.AssignTarget(m.Name())], value=m.Call(func=m.Name("object"),
                                                                 args=()))])):
            fresh.add(stmt.body[0].targets[0].target.value)  # type: ignore[attr-defined]
    globals_ = {n.value for g in m.findall(module, m.Global()) for n in
                (i.name for i in g.names)}  # type: ignore[attr-defined]
    return frozenset(n for n in fresh if stores.get(n) == 1 and n not in globals_)


def _inert_method(stmt: cst.BaseStatement) -> bool:
    """An undecorated method no read runs: a plain one (a read of its name is refused, as of
    any name the class binds) or a `__setattr__` / `__delattr__` that only raises (the view
    is read-only)."""
    if not isinstance(stmt, cst.FunctionDef) or stmt.decorators:
        return False
    name = stmt.name.value
    if not name.startswith("__"):
        return True
    body = [s for i, s in enumerate(body_statements(stmt)) if not (i == 0 and m.matches(
        s, m.SimpleStatementLine([m.Expr(m.SimpleString() | m.ConcatenatedString())])))]
    return name in ("__setattr__", "__delattr__") and len(body) == 1 and m.matches(
        body[0], m.SimpleStatementLine([m.Raise()]))


def _class_constant(stmt: cst.BaseStatement) -> bool:
    """A class body's `NAME = <literal or dict display>` (annotated or not)."""
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(
        stmt.body) == 1 else None
    if isinstance(small, cst.Assign) and len(small.targets) == 1:
        target, value = small.targets[0].target, small.value
    elif isinstance(small, cst.AnnAssign) and small.value is not None:
        target, value = small.target, small.value
    else:
        return False
    return isinstance(target, cst.Name) and (is_literal(value) or isinstance(value, cst.Dict))


def _by_attribute(fn: cst.FunctionDef) -> cst.FunctionDef:
    """Method `fn` with each `self.__dict__["name"]` (self its first parameter, the key a
    literal identifier) spelled `self.name`: the same slot of the instance."""
    if not fn.params.params:
        return fn
    me = fn.params.params[0].name.value

    class ByAttribute(cst.CSTTransformer):
        def leave_Subscript(self, original: cst.Subscript, updated: cst.Subscript  # noqa: N802
                            ) -> cst.BaseExpression:
            if not m.matches(updated, m.Subscript(
                    value=m.Attribute(value=m.Name(me), attr=m.Name("__dict__")),
                    slice=[m.SubscriptElement(m.Index(m.SimpleString()))])):
                return updated
            key = literal_string(updated.slice[0].slice.value)  # type: ignore[attr-defined]
            if not key or not key.isidentifier() or key.startswith("__"):
                return updated
            return cst.Attribute(value=cst.Name(me), attr=cst.Name(key))

    return cst.ensure_type(fn.visit(ByAttribute()), cst.FunctionDef)


def _field_alias(body: list[cst.BaseStatement], me: str, field: str
                 ) -> list[cst.BaseStatement]:
    """`body` without a top-level `X = self.field` (X bound nowhere else in it, read
    nowhere before it), each later read of X spelled `self.field`; else as it is."""
    for i, stmt in enumerate(body):
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(
            stmt.body) == 1 else None
        if not m.matches(small, m.Assign(targets=[m.AssignTarget(m.Name())], value=m.Attribute(
                value=m.Name(me), attr=m.Name(field)))):
            continue
        name = cst.ensure_type(cst.ensure_type(small, cst.Assign).targets[0].target,
                               cst.Name).value
        rest = cst.IndentedBlock(body=[*body[:i], *body[i + 1:]])
        if name in store_names(rest, outer_only=False) or any(
                n.value == name for s in body[:i] for n in m.findall(s, m.Name())):
            return body
        spelled = cst.Attribute(value=cst.Name(me), attr=cst.Name(field))
        after = [substitute_names(s, {name: spelled}) for s in body[i + 1:]]
        return [*body[:i], *after]
    return body


def _ctx_alias(stmt: cst.BaseStatement, me: str, kept: str) -> str:
    """`X` of a first statement `X = self.__dict__["_ctx"]` or `X = self._ctx`; ""."""
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(
        stmt.body) == 1 else None
    if not m.matches(small, m.Assign(targets=[m.AssignTarget(m.Name())])):
        return ""
    value = cst.ensure_type(small, cst.Assign).value
    kept_read = m.Attribute(value=m.Name(me), attr=m.Name(kept))
    by_dict = m.Subscript(value=m.Attribute(value=m.Name(me), attr=m.Name("__dict__")),
                          slice=[m.SubscriptElement(m.Index(m.SimpleString()))])
    if m.matches(value, kept_read) or (m.matches(value, by_dict) and literal_string(
            cst.ensure_type(value, cst.Subscript).slice[0].slice.value) == kept):  # type: ignore[attr-defined]
        return cst.ensure_type(cst.ensure_type(small, cst.Assign).targets[0].target,
                               cst.Name).value
    return ""


class _Eval:
    """One run of `__getattr__` for the name `attr`."""

    def __init__(self, view: ViewReader, attr: str, given: dict[str, cst.BaseExpression]
                 ) -> None:
        self.v, self.attr, self.given = view, attr, given
        #: locals bound so far on this path: a value, or (_ABSENT, the sentinel's name)
        self.locals: dict[str, Value | tuple[str, str]] = {}
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
        if m.matches(small, m.Assign(targets=[m.AssignTarget(m.Name())])):
            local = cst.ensure_type(cst.ensure_type(small, cst.Assign).targets[0].target,
                                    cst.Name).value
            if local in (self.v.me, self.v.looked, self.v.alias):
                raise self.refuse(stmt)
            held = self.bound(cst.ensure_type(small, cst.Assign).value)
            if held == _RAISES:
                return _RAISES
            saved = self.locals
            self.locals = {**saved, local: held}
            try:
                return self.run(rest)
            finally:
                self.locals = saved
        raise self.refuse(stmt)

    def bound(self, node: cst.BaseExpression) -> Value | tuple[str, str]:
        """What a local is bound to: a value, or for `self._defaults.get(name, SENTINEL)`
        (SENTINEL a name) of a name the defaults lack, (_ABSENT, SENTINEL), which only an
        identity test against SENTINEL may read."""
        if isinstance(node, cst.Call) and self._defaults_get(node) and len(node.args) == 2 \
                and m.matches(node.args[1].value, m.Name()) and not is_literal(
                    node.args[1].value):
            if self.attr in self.given:
                return self.given[self.attr]
            return _ABSENT, cst.ensure_type(node.args[1].value, cst.Name).value
        return self.value(node)

    def _default_item(self, node: cst.BaseExpression) -> bool:
        """`node` is `self._defaults[name]`."""
        return isinstance(node, cst.Subscript) and self._is_defaults(node.value) and len(
            node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index) and \
            self._is_name(node.slice[0].slice.value)

    def _defaults_get(self, node: cst.Call) -> bool:
        """`node` is `self._defaults.get(name[, ...])`, positional arguments only."""
        return m.matches(node.func, m.Attribute(attr=m.Name("get"))) and self._is_defaults(
            cst.ensure_type(node.func, cst.Attribute).value) and 1 <= len(node.args) <= 2 \
            and self._is_name(node.args[0].value) and all(
                a.keyword is None and not a.star for a in node.args)

    def attempt(self, stmt: cst.Try, rest: list[cst.BaseStatement]) -> Value:
        """`try: return self._ctx.attr(name)` `except KeyError: ...` (one handler, no
        else or finally): the read where the op has the attribute, the handler where not;
        `try: return self._defaults[name]` alike: the default where the call gives one."""
        small = stmt.body.body[0] if len(stmt.body.body) == 1 else None
        read = small.body[0] if isinstance(small, cst.SimpleStatementLine) and len(
            small.body) == 1 else None
        value = read.value if isinstance(read, cst.Return) else None
        default = value is not None and self._default_item(value)
        if value is None or not (default or self._ctx_call(value, "attr")) or \
                len(stmt.handlers) != 1 or stmt.orelse or stmt.finalbody:
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
        if default:  # a dict's item raises KeyError only where it lacks the name
            return self.given[self.attr] if self.attr in self.given else self.run(
                [*handler.body.body, *rest])
        return self.choose(self._has_attr(), self.value(value),
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
        holder = self._self(self.v.kept) | m.Name(self.v.alias) if self.v.alias else \
            self._self(self.v.kept)
        return m.matches(node, m.Call(func=m.Attribute(value=holder, attr=m.Name(method)),
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
            held = self.locals.get(node.left.value) if isinstance(node.left, cst.Name) \
                else None
            if held is not None and isinstance(op, (cst.Is, cst.IsNot)) and m.matches(
                    target.comparator, m.Name()) and not is_literal(target.comparator):
                sentinel = cst.ensure_type(target.comparator, cst.Name).value
                if sentinel not in self.v.sentinels or (isinstance(held, tuple)
                                                        and held[1] != sentinel):
                    raise self.refuse(node)
                # a literal or ctx read is never the module's sentinel object
                return isinstance(held, tuple) == isinstance(op, cst.Is)
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
        if isinstance(node, cst.Name) and node.value in self.locals:
            held = self.locals[node.value]
            if isinstance(held, tuple):  # the sentinel itself
                raise self.refuse(node)
            return held
        if is_literal(node):
            return node
        if self._default_item(node):
            return self.given.get(self.attr, _RAISES)
        if isinstance(node, cst.Call) and self._defaults_get(node) and (
                len(node.args) == 1 or is_literal(node.args[1].value)):
            fallback = node.args[1].value if len(node.args) == 2 else cst.Name("None")
            return self.given.get(self.attr, fallback)
        raise self.refuse(node)

