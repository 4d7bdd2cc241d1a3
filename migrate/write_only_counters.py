"""Counters a kernel only ever bumps and nothing reads (issue 23).

`self.calls = 0` in `__init__` and `self.calls += 1` in compute() keep instance state, yet
when nothing ever reads `self.calls` back the counter cannot change an output: the PHI
kernel may drop it. So may a class-level counter (`calls = 0` in a class body, bumped as
`type(self).calls += 1`), and a bump helper (a method whose body only bumps such
counters, called as the statement `self._bump()`). The reading is strict; any doubt
keeps the kernel's refusal:

- an instance counter's store in `__init__` is `self.X = <literal>` (a number, or a
  constant never bumped: `self._name = "scale"`, as dead as a counter); a class counter
  is bound, in the first class of the MRO binding `X`, by `X = <number literal>` alone;
- every other mention of `.X` in the kernel's classes, in whichever module, is a bump:
  `self.X += <number literal>` or `self.X = self.X + <number literal>` (`type(self).X`
  or `self.__class__.X` for a class counter); compute() may bump it in its own
  statements or through a bump helper. A bump anywhere in the tree (any object's `.X`)
  reads nothing: the value it reads goes back into `.X` alone;
- no class of the MRO defines `__slots__`, `__setattr__` or, for an instance counter, a
  class-level `X` (the store could then raise or run code, a read find the class's);
  none has a metaclass but ABCMeta (whose `__setattr__` could run on a class counter);
- no module of the tree (the outermost package holding the kernel's module; the module
  alone outside a package) may read `.X` otherwise (`attribute_reads.tree_reads`: it
  mentions `.X`, spells `"X"`, or reaches attributes reflectively or by a computed name of
  an object that may be a kernel instance).

`write_only_counters` and `class_counters` say which are such counters (or why one is
not), `drop_counters` takes their bumps, and the calls of helpers that only bump them,
out of compute().
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

import libcst as cst
import libcst.matchers as m

from migrate.attribute_reads import tree_reads
from migrate.cst_walk import find_all
from migrate.static import ModuleInfo
from migrate.syntax import is_literal

_NUMBER = m.Integer() | m.Float()
_GUARDS = ("__slots__", "__setattr__")
#: metaclasses known to run no code on a class attribute's store
_PLAIN_METACLASSES = frozenset({"ABCMeta", "abc.ABCMeta"})

#: a bump: (whether it bumps the class's attribute, the attribute, its statement)
Bump = tuple[bool, str, cst.SimpleStatementLine]


def counter_store(small: cst.CSTNode, me: str) -> str | None:
    """`X` for an `__init__` statement `me.X = <literal>` (a number a counter starts at, or
    a constant stored and never read: `self._name = "scale"`); else None."""
    if m.matches(small, m.Assign(targets=[m.AssignTarget(m.Attribute(
            value=m.Name(me), attr=m.Name()))], value=m.MatchIfTrue(is_literal))):
        return small.targets[0].target.attr.value  # type: ignore[attr-defined]
    return None


def guarded(mro: list[cst.ClassDef], attr: str) -> str:
    """Which class of `mro` defines `__slots__`, `__setattr__` or a class-level `attr` (a
    store of `self.attr` could then raise or run code, a read find the class's), in words;
    "" if none does."""
    return _guards(mro, (*_GUARDS, attr))


def _guards(mro: list[cst.ClassDef], names: tuple[str, ...]) -> str:
    for cls in mro:
        for s in cls.body.body:
            found = m.findall(s, m.Name()) if not isinstance(s, cst.FunctionDef) else [s.name]
            hit = [n.value for n in found if n.value in names]  # type: ignore[attr-defined]
            if hit:
                return f"{cls.name.value} defines `{hit[0]}`"
    return ""


def _class_of(me: str) -> m.BaseMatcherNode:
    """`type(me)` or `me.__class__`."""
    return m.Call(func=m.Name("type"), args=[m.Arg(m.Name(me), keyword=None, star="")]) | \
        m.Attribute(value=m.Name(me), attr=m.Name("__class__"))


def _bump_of(stmt: cst.CSTNode, me: str) -> Bump | None:
    """The bump statement `stmt` is (`me.X += 1`, `me.X = me.X + 1`, `type(me).X += 1`),
    as (on the class?, X, stmt); None for any other statement."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
        return None
    small = stmt.body[0]
    for on_class, owner in ((False, m.Name(me)), (True, _class_of(me))):
        target = m.Attribute(value=owner, attr=m.Name())
        if m.matches(small, m.AugAssign(target=target, operator=m.AddAssign(), value=_NUMBER)):
            return on_class, small.target.attr.value, stmt  # type: ignore[attr-defined]
        if m.matches(small, m.Assign(targets=[m.AssignTarget(target)], value=m.BinaryOperation(
                left=target, operator=m.Add(), right=_NUMBER))) and \
                small.targets[0].target.deep_equals(small.value.left):  # type: ignore[attr-defined]
            return on_class, small.targets[0].target.attr.value, stmt  # type: ignore[attr-defined]
    return None


#: a receiver evaluated twice in `a.X = a.X + 1` that is the same object both times
_PURE = m.Name() | m.Attribute(value=m.Name()) | m.Call(
    func=m.Name("type"), args=[m.Arg(m.Name(), keyword=None, star="")])


def bump_nodes(node: cst.CSTNode, attr: str) -> set[int]:
    """The ids of the `.attr` nodes of the bump statements in `node`, of any object
    (`a.attr += 1`; `a.attr = a.attr + 1` of a plain receiver): a bump reads `.attr` only
    to store it back."""
    target = m.Attribute(attr=m.Name(attr))
    out: set[int] = set()
    for line in find_all(node, m.SimpleStatementLine()):
        small = line.body[0] if len(line.body) == 1 else None  # type: ignore[attr-defined]
        if m.matches(small, m.AugAssign(target=target, operator=m.AddAssign(), value=_NUMBER)):
            out.add(id(small.target))  # type: ignore[union-attr]
        elif m.matches(small, m.Assign(targets=[m.AssignTarget(m.Attribute(
                value=_PURE, attr=m.Name(attr)))], value=m.BinaryOperation(
                left=target, operator=m.Add(), right=_NUMBER))) and \
                small.targets[0].target.deep_equals(small.value.left):  # type: ignore[union-attr]
            out |= {id(small.targets[0].target), id(small.value.left)}  # type: ignore[union-attr]
    return out


class _OwnStatements(cst.CSTVisitor):
    """The statement lines of a function's own body (not of functions, lambdas or classes
    inside it, where its `self` may be another object)."""

    def __init__(self, top: cst.FunctionDef) -> None:
        super().__init__()
        self.top = top
        self.lines: list[cst.SimpleStatementLine] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:  # noqa: N802
        return node is self.top

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:  # noqa: N802
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:  # noqa: N802
        return False

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:  # noqa: N802
        self.lines.append(node)


def _own_lines(fn: cst.FunctionDef) -> list[cst.SimpleStatementLine]:
    own = _OwnStatements(fn)
    fn.visit(own)
    return own.lines


def _self_of(fn: cst.FunctionDef) -> str:
    return fn.params.params[0].name.value if fn.params.params else ""


def _helper_bumps(fn: cst.FunctionDef) -> tuple[Bump, ...]:
    """The bumps of `fn` when it is a bump helper (undecorated, synchronous, taking only
    `self`, its body bumps alone, a docstring aside); else ()."""
    p = fn.params
    if (fn.decorators or fn.asynchronous is not None or len(p.params) != 1 or p.posonly_params
            or p.kwonly_params or p.star_kwarg is not None
            or p.star_arg is not cst.MaybeSentinel.DEFAULT or p.params[0].default is not None
            or not isinstance(fn.body, cst.IndentedBlock)):
        return ()
    body = list(fn.body.body)
    if body and m.matches(body[0], m.SimpleStatementLine([m.Expr(m.SimpleString())])):
        body = body[1:]
    bumps = [_bump_of(s, _self_of(fn)) for s in body]
    return tuple(b for b in bumps if b is not None) if body and all(bumps) else ()


def _bound_in_body(stmt: cst.CSTNode) -> set[str]:
    """The names a class-body statement may bind (any name a compound one spells)."""
    if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
        return {stmt.name.value}
    return {n.value for n in m.findall(stmt, m.Name())}  # type: ignore[attr-defined]


def _called_helpers(mro: list[cst.ClassDef], compute: cst.FunctionDef
                    ) -> dict[int, tuple[Bump, ...]]:
    """compute()'s own statements `self.h()` calling a bump helper of the kernel's classes
    (the first binding of `h` along the MRO; `.h` mentioned nowhere else in them): id of
    the statement -> the helper's bumps."""
    me = _self_of(compute)
    helpers: dict[str, tuple[Bump, ...]] = {}
    bound: set[str] = set()
    for cls in mro:
        for stmt in cls.body.body:
            if isinstance(stmt, cst.FunctionDef) and stmt.name.value not in bound:
                if bumps := _helper_bumps(stmt):
                    helpers[stmt.name.value] = bumps
            bound |= _bound_in_body(stmt)
    out: dict[int, tuple[Bump, ...]] = {}
    calls: dict[str, set[int]] = {}
    for line in _own_lines(compute):
        if m.matches(line, m.SimpleStatementLine([m.Expr(m.Call(
                func=m.Attribute(value=m.Name(me), attr=m.Name()), args=()))])):
            name = line.body[0].value.func.attr.value  # type: ignore[attr-defined]
            if name in helpers:
                out[id(line)] = helpers[name]
                calls.setdefault(name, set()).add(id(line.body[0].value.func))  # type: ignore[attr-defined]
    for name, funcs in calls.items():  # `self.h = ...`, `f = self.h`: not plainly the helper
        mentions = {id(a) for cls in mro for a in m.findall(cls, m.Attribute(attr=m.Name(name)))}
        if mentions - funcs:
            out = {k: v for k, v in out.items() if v is not helpers[name]}
    return out


def _compute_bumps(mro: list[cst.ClassDef], compute: cst.FunctionDef
                   ) -> tuple[list[Bump], dict[int, tuple[Bump, ...]]]:
    """compute()'s own bumps, and its calls of bump helpers (`_called_helpers`)."""
    me = _self_of(compute)
    own = [b for line in _own_lines(compute) if (b := _bump_of(line, me)) is not None]
    return own, _called_helpers(mro, compute)


def _self_escapes(compute: cst.FunctionDef) -> str:
    """How compute() uses its `self` other than as `self.NAME` (rebinds it, hands it on:
    then the object bumped, or one reading it, is not plainly the kernel), `type(self)` or
    `super(Kernel, self)`; "" if never."""
    if not compute.params.params:
        return "compute() takes no self"
    me = compute.params.params[0].name.value
    bases = {id(a.value) for a in m.findall(compute, m.Attribute(value=m.Name(me)))}
    bases |= {id(c.args[0].value) for c in m.findall(compute, _class_of(me))
              if isinstance(c, cst.Call)}
    bases |= {id(c.args[1].value) for c in m.findall(compute, m.Call(
        func=m.Name("super"), args=[m.Arg(m.Name(), keyword=None, star=""),
                                    m.Arg(m.Name(me), keyword=None, star="")]))}
    for name in m.findall(compute.body, m.Name(me)):
        if id(name) not in bases:
            return f"compute() uses `{me}` other than as `{me}.NAME` (rebinds or hands it on)"
    return ""


def _homes(info: ModuleInfo, mro: list[cst.ClassDef]) -> dict[Path, cst.Module]:
    """The modules of the kernel's classes by path (what `tree_reads` reads them in)."""
    return {home.path: home.module for cls in mro
            if (home := info.owner_of(cls)).path is not None}


def _reads(info: ModuleInfo, mro: list[cst.ClassDef], attr: str, allowed: set[int]) -> str:
    """Why the tree may read `.attr` beyond the `allowed` nodes and its bumps; "" if not
    (`tree_reads`, and each class of `mro` naming it only so)."""
    why = tree_reads(info, attr, allowed, _homes(info, mro),
                     also=lambda module: bump_nodes(module, attr))
    if why:
        return why
    for cls in mro:
        ok = allowed | bump_nodes(cls, attr)
        if any(id(a) not in ok for a in m.findall(cls, m.Attribute(attr=m.Name(attr)))):
            return f"{cls.name.value} names `.{attr}` other than to bump it"
    return ""


def _all_bumps(mro: list[cst.ClassDef], compute: cst.FunctionDef) -> list[Bump]:
    own, helped = _compute_bumps(mro, compute)
    return [*own, *(b for bumps in helped.values() for b in bumps)]


def write_only_counters(info: ModuleInfo, mro: list[cst.ClassDef], init: cst.FunctionDef,
                        compute: cst.FunctionDef) -> tuple[set[str], dict[str, str]]:
    """The attributes `init` stores as write-only counters, and for each `__init__` store
    of a number that is not one, why (words to add to the kernel's refusal)."""
    me = _self_of(init)
    stores = {a: s for s in init.body.body if isinstance(s, cst.SimpleStatementLine)
              and len(s.body) == 1 and (a := counter_store(s.body[0], me))}
    bumps = _all_bumps(mro, compute)
    return _judged(stores, lambda attr: _not_counter(info, mro, init, compute, attr,
                                                      stores[attr], bumps))


def _judged(attrs: Iterable[str], why_not: Callable[[str], str]
            ) -> tuple[set[str], dict[str, str]]:
    """The attributes `why_not` finds nothing against, and why not for each other one."""
    counters: set[str] = set()
    refused: dict[str, str] = {}
    for attr in attrs:
        if why := why_not(attr):
            refused[attr] = why
        else:
            counters.add(attr)
    return counters, refused


def _not_counter(info: ModuleInfo, mro: list[cst.ClassDef], init: cst.FunctionDef,
                 compute: cst.FunctionDef, attr: str, store: cst.SimpleStatementLine,
                 bumps: list[Bump]) -> str:
    if why := guarded(mro, attr):
        return why
    if escapes := _self_escapes(compute):
        return escapes
    mine = [b for b in bumps if b[:2] == (False, attr)]
    started = cst.ensure_type(store.body[0], cst.Assign).value
    if mine and not m.matches(started, _NUMBER):
        return f"compute() bumps `self.{attr}`, which starts as no number"
    if sum(1 for s in init.body.body if m.findall(s, m.Attribute(attr=m.Name(attr)))) != 1:
        return f"__init__ names `self.{attr}` more than once"
    return _reads(info, mro, attr, {id(n) for n in m.findall(store, m.Attribute(
        attr=m.Name(attr)))})


def class_counters(info: ModuleInfo, mro: list[cst.ClassDef], compute: cst.FunctionDef
                   ) -> tuple[set[str], dict[str, str]]:
    """The class-level attributes compute() bumps (itself or through a bump helper) that
    are write-only class counters, and for each other one bumped, why not."""
    bumps = _all_bumps(mro, compute)
    return _judged(sorted({a for on_class, a, _ in bumps if on_class}),
                   lambda attr: _not_class_counter(info, mro, compute, attr))


def _not_class_counter(info: ModuleInfo, mro: list[cst.ClassDef], compute: cst.FunctionDef,
                       attr: str) -> str:
    if escapes := _self_escapes(compute):
        return escapes
    if why := _guards(mro, _GUARDS):
        return why
    for cls in mro:
        meta = [k for k in cls.keywords if k.keyword is not None
                and k.keyword.value == "metaclass"]
        if meta and m.findall(meta[0].value, m.Name()) and not any(
                info.owner_of(cls).module.code_for_node(meta[0].value) == p
                for p in _PLAIN_METACLASSES):
            return f"{cls.name.value} has a metaclass, which may run code on a class store"
    definer = next((c for c in mro if any(attr in _bound_in_body(s) for s in c.body.body)),
                   None)
    if definer is None:
        return f"no class of the kernel binds `{attr}` (the bump would raise)"
    binding = [s for s in definer.body.body if attr in _bound_in_body(s)]
    if len(binding) != 1 or not m.matches(binding[0], m.SimpleStatementLine([m.Assign(
            targets=[m.AssignTarget(m.Name(attr))], value=_NUMBER)])):
        return f"{definer.name.value} binds `{attr}` other than as a number once"
    return _reads(info, mro, attr, set())


class _DropBumps(cst.CSTTransformer):
    def __init__(self, bumps: set[int]) -> None:
        super().__init__()
        self.bumps = bumps

    def leave_SimpleStatementLine(  # noqa: N802
            self, original: cst.SimpleStatementLine, updated: cst.SimpleStatementLine
    ) -> cst.SimpleStatementLine | cst.RemovalSentinel:
        return cst.RemoveFromParent() if id(original) in self.bumps else updated

    def leave_IndentedBlock(  # noqa: N802
            self, original: cst.IndentedBlock, updated: cst.IndentedBlock) -> cst.IndentedBlock:
        if not updated.body:
            return updated.with_changes(body=[cst.SimpleStatementLine([cst.Pass()])])
        return updated


def drop_counters(mro: list[cst.ClassDef], compute: cst.FunctionDef, counters: set[str],
                  on_class: set[str] = frozenset()) -> cst.FunctionDef:  # type: ignore[assignment]
    """compute() without its bumps of the write-only `counters` (instance) and `on_class`
    (class), nor its calls of helpers that only bump them."""
    own, helped = _compute_bumps(mro, compute)
    dropped = {(False, a) for a in counters} | {(True, a) for a in on_class}
    lines = {id(stmt) for c, a, stmt in own if (c, a) in dropped}
    lines |= {line for line, bumps in helped.items() if all(b[:2] in dropped for b in bumps)}
    if not lines:
        return compute
    return cst.ensure_type(compute.visit(_DropBumps(lines)), cst.FunctionDef)


def counter_note(counters: set[str], me: str, on_class: set[str] = frozenset()  # type: ignore[assignment]
                 ) -> str:
    spelled = ", ".join([*(f"`{me}.{a}`" for a in sorted(counters)),
                         *(f"`type({me}).{a}`" for a in sorted(on_class))])
    noun = "counter" if len(counters) + len(on_class) == 1 else "counters"
    return (f"drops the write-only {noun} {spelled} (only ever set or bumped, read nowhere in the "
            "tree: it cannot change an output)")
