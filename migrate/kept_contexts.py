"""A kernel keeping its execution context on the instance for its messages (issue 23).

    def __init__(self):
        self._ctx = None
    def compute(self, ctx):
        self._ctx = ctx
        ...
    def fail(self, msg):
        name = self._ctx.op_type if self._ctx is not None else "?"
        raise ValueError(f"{name}: {msg}")

The store is compute()'s first statement, so every method the run calls sees the context
of that run: in compute() `self._ctx` is `ctx`, elsewhere `self._ctx.op_type` is the op's
type and `self._ctx is not None` is true. A kernel keeping only the op's type
(`self._op = ctx.op_type`, `__init__` setting it to a literal) reads it anywhere as that
string: the caller spells it so (`KernelMigration.instance_constants`). A PHI kernel has
no instance to keep it on; it keeps that meaning with the store dropped and those reads
spelled as what they are. The reading is strict; any doubt leaves the kernel refused as
keeping instance state:

- compute() takes `(self, ctx)`, stores `self.X = ctx` as its first statement (after a
  docstring) and rebinds neither name;
- `__init__`, if any, names `.X` once, as `self.X = None` (the op's type kept: any
  literal); no class of the MRO defines
  `__slots__`, `__setattr__` or a class-level `X` (`write_only_counters.guarded`);
- every other mention of `.X` in the kernel's classes (but in a method a class before its
  own overrides, where none spells `super().method` or `Base.method`) is `self.X` in an
  undecorated method's own statements (not a nested function, lambda or class), its
  `self` never rebound: in compute() (and anywhere for the op's type kept) a load,
  elsewhere `self.X.op_type` read or `self.X is None` / `is not None`;
  no method calls `self.compute(...)` (a nested run would change `self.X` under it);
- no module of the tree may read `.X` otherwise (`attribute_reads.tree_reads`; `self.X` in a
  method of a class outside the kernel's MRO is another class's instance).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import libcst as cst
import libcst.matchers as m

from migrate.attribute_reads import tree_reads
from migrate.constant_folds import SubstitutionFolds
from migrate.kernel_tidy import fold_dead_branches
from migrate.names import store_names
from migrate.static import ModuleInfo
from migrate.static_refs import code_of
from migrate.syntax import is_literal
from migrate.write_only_counters import guarded

_DOCSTRING = m.SimpleStatementLine(body=[m.Expr(m.SimpleString() | m.ConcatenatedString())])
_STORES = m.AssignTarget() | m.AugAssign() | m.AnnAssign() | m.Del()


def kept_contexts(info: ModuleInfo, mro: list[cst.ClassDef], init: cst.FunctionDef | None,
                  compute: cst.FunctionDef) -> tuple[set[str], set[str], dict[str, str]]:
    """The attribute compute() keeps its context in, when read as the module doc says
    (empty when none), the one it keeps the op's type in (`self.X = ctx.op_type`), and
    otherwise why not (`{attr: words}`)."""
    first = _keeping(compute)
    if first is None:
        return set(), set(), {}
    attr = _kept_attr(first)
    op_type = _keeps_op_type(first)
    why = _not_kept(info, mro, init, compute, attr, first, op_type)
    if why:
        return set(), set(), {attr: why}
    return (set(), {attr}, {}) if op_type else ({attr}, set(), {})


def _keeps_op_type(first: cst.SimpleStatementLine) -> bool:
    return isinstance(cst.ensure_type(first.body[0], cst.Assign).value, cst.Attribute)


def _keeping(compute: cst.FunctionDef) -> cst.SimpleStatementLine | None:
    """compute()'s first statement when it is `self.X = ctx` or `self.X = ctx.op_type`;
    else None."""
    p = compute.params
    if (len(p.params) != 2 or p.posonly_params or p.kwonly_params or p.star_kwarg
            or isinstance(p.star_arg, cst.Param) or compute.decorators):
        return None
    me, ctx = (q.name.value for q in p.params)
    body = list(compute.body.body)
    if body and m.matches(body[0], _DOCSTRING):
        body = body[1:]
    if body and m.matches(body[0], m.SimpleStatementLine(body=[m.Assign(
            targets=[m.AssignTarget(m.Attribute(value=m.Name(me), attr=m.Name()))],
            value=m.Name(ctx) | m.Attribute(value=m.Name(ctx), attr=m.Name("op_type")))])):
        return body[0]  # type: ignore[return-value]
    return None


def _kept_attr(first: cst.SimpleStatementLine) -> str:
    return cst.ensure_type(first.body[0], cst.Assign).targets[0].target.attr.value  # type: ignore[attr-defined]


def _not_kept(info: ModuleInfo, mro: list[cst.ClassDef], init: cst.FunctionDef | None,
              compute: cst.FunctionDef, attr: str, first: cst.SimpleStatementLine,
              op_type: bool) -> str:
    if why := guarded(mro, attr):
        return why
    me, ctx = (q.name.value for q in compute.params.params)
    if {me, ctx} & store_names(compute.body, outer_only=False):
        return f"compute() rebinds `{me}` or `{ctx}`"
    allowed = {id(a) for a in m.findall(first, m.Attribute(attr=m.Name(attr)))}
    if init is not None:
        mentions = [s for s in init.body.body if m.findall(s, m.Attribute(attr=m.Name(attr)))]
        me_init = init.params.params[0].name.value if init.params.params else ""
        start = m.MatchIfTrue(is_literal) if op_type else m.Name("None")
        if mentions and not (len(mentions) == 1 and m.matches(mentions[0], m.SimpleStatementLine(
                body=[m.Assign(targets=[m.AssignTarget(m.Attribute(
                    value=m.Name(me_init), attr=m.Name(attr)))], value=start)]))):
            return (f"__init__ sets `self.{attr}` otherwise than once to "
                    f"{'a literal' if op_type else 'None'}")
        allowed |= {id(a) for s in mentions for a in m.findall(s, m.Attribute(attr=m.Name(attr)))}
    methods, parsed = mro_methods(info, mro, init)
    for cls, stmt, runs in methods:
        if not runs:  # never runs for this kernel
            allowed |= {id(a) for a in m.findall(stmt, m.Attribute(attr=m.Name(attr)))}
            continue
        why = _method_reads(stmt, attr, stmt is compute or op_type, allowed)
        if why:
            return f"{cls.name.value}.{stmt.name.value}() {why}"
    return tree_reads(info, attr, allowed, parsed, mro)


def mro_methods(info: ModuleInfo, mro: list[cst.ClassDef], init: cst.FunctionDef | None
                ) -> tuple[list[tuple[cst.ClassDef, cst.FunctionDef, bool]],
                           dict[Path, cst.Module]]:
    """The methods of the kernel's classes but `init`, each with its class and whether it
    may run for the kernel (not one a class before overrides: `shadowed`), and the modules
    of those classes by path (what `attribute_reads.tree_reads` reads them in)."""
    unreached = shadowed(mro)
    parsed: dict[Path, cst.Module] = {}
    out = []
    for cls in mro:
        home = info.owner_of(cls)
        if home.path is not None:
            parsed[home.path] = home.module
        out += [(cls, s, id(s) not in unreached) for s in cls.body.body
                if isinstance(s, cst.FunctionDef) and s is not init]
    return out, parsed


def shadowed(mro: list[cst.ClassDef]) -> set[int]:
    """The methods of `mro` a class before theirs overrides, when nothing in the classes
    reaches one by its name (`super().name`, `Base.name`): they never run for the kernel."""
    names = {c.name.value for c in mro}
    reached = {a.attr.value for cls in mro for a in m.findall(cls, m.Attribute(  # type: ignore[attr-defined]
        value=m.Call(func=m.Name("super")) | m.Name(m.MatchIfTrue(lambda n: n in names))))}
    seen: set[str] = set()
    out: set[int] = set()
    for cls in mro:
        own = [s for s in cls.body.body if isinstance(s, cst.FunctionDef)]
        out |= {id(s) for s in own if s.name.value in seen and s.name.value not in reached}
        seen |= {s.name.value for s in own}
    return out


def _method_reads(fn: cst.FunctionDef, attr: str, loads: bool, allowed: set[int]) -> str:
    """Why method `fn`'s mentions of `.attr` are not those the module doc reads (any load,
    with `loads`: compute()'s, or the op's type kept); "" when they are (their nodes then
    added to `allowed`)."""
    mentions = [a for a in m.findall(fn, m.Attribute(attr=m.Name(attr))) if id(a) not in allowed]
    me = fn.params.params[0].name.value if fn.params.params else None
    calls_again = me is not None and m.findall(fn, m.Call(func=m.Attribute(
        value=m.Name(me), attr=m.Name("compute"))))
    if calls_again:
        return "runs compute() again on the same instance"
    if not mentions:
        return ""
    if me is None or fn.decorators or fn.params.posonly_params or me in store_names(
            fn.body, outer_only=False):
        return f"names `.{attr}` and is decorated, takes no self, or rebinds it"
    nested = _nested_ids(fn)
    stored = {id(a) for s in m.findall(fn, _STORES) for a in m.findall(s, m.Attribute(
        attr=m.Name(attr)))}
    readable: set[int] = set()
    if not loads:
        for outer in m.findall(fn, m.Attribute(value=m.Attribute(value=m.Name(me),
                                                                 attr=m.Name(attr)),
                                               attr=m.Name("op_type"))):
            if not any(id(a) in stored for a in m.findall(outer, m.Attribute())):
                readable.add(id(outer.value))  # type: ignore[attr-defined]
        for test in m.findall(fn, _none_test(me, m.Name(attr))):
            readable.add(id(test.left))  # type: ignore[attr-defined]
    for a in mentions:
        own = id(a) not in nested and m.matches(a, m.Attribute(value=m.Name(me)))
        if not own or id(a) in stored or (not loads and id(a) not in readable):
            return (f"uses `{code_of(a).strip()}` otherwise than reading the op's type or "
                    "testing it against None")
        allowed.add(id(a))
    return ""


def _nested_ids(fn: cst.FunctionDef) -> set[int]:
    """The ids of the nodes inside scopes nested in `fn` (functions, lambdas, classes)."""
    found: set[int] = set()
    for stmt in fn.body.body:
        for scope in m.findall(stmt, m.MatchIfTrue(lambda n: isinstance(
                n, (cst.FunctionDef, cst.Lambda, cst.ClassDef)))):
            found |= {id(n) for n in m.findall(scope, m.Attribute())}
    return found


def _none_test(me: str, attr: m.BaseMatcherNode) -> m.BaseMatcherNode:
    """`me.X is None` / `me.X is not None`, X matching `attr`."""
    return m.Comparison(left=m.Attribute(value=m.Name(me), attr=attr),
                        comparisons=[m.ComparisonTarget(operator=m.Is() | m.IsNot(),
                                                        comparator=m.Name("None"))])


def without_keeping(compute: cst.FunctionDef) -> cst.FunctionDef:
    """compute() without its first statement `self.X = ctx` (a kernel that keeps one)."""
    first = _keeping(compute)
    assert first is not None
    body = [s for s in compute.body.body if s is not first] or [
        cst.SimpleStatementLine([cst.Pass()])]
    return compute.with_changes(body=compute.body.with_changes(body=body))


class _KeptReads(SubstitutionFolds):
    def __init__(self, kept: set[str], me: str, ctx: str | None, op_type: str) -> None:
        super().__init__()
        self.kept, self.me, self.ctx, self.op_type = kept, me, ctx, op_type
        self.quotes: list[str] = []
        self.spelled = False  # the op's type spelled

    def _kept(self) -> m.BaseMatcherNode:
        return m.Name(m.MatchIfTrue(lambda a: a in self.kept))

    def _mine(self) -> m.BaseMatcherNode:
        return m.Attribute(value=m.Name(self.me), attr=self._kept())

    def visit_FormattedString(self, node: cst.FormattedString) -> None:  # noqa: N802
        self.quotes.append(node.start)

    def leave_FormattedString(self, original: cst.FormattedString,  # noqa: N802
                              updated: cst.FormattedString) -> cst.BaseExpression:
        self.quotes.pop()
        return super().leave_FormattedString(original, updated)

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute  # noqa: N802
                        ) -> cst.BaseExpression:
        if self.ctx is not None and m.matches(updated, self._mine()):
            return cst.Name(self.ctx)
        if self.ctx is None and m.matches(updated, m.Attribute(value=self._mine(),
                                                               attr=m.Name("op_type"))):
            quote = "'" if self.quotes and '"' in self.quotes[-1] else '"'
            self.spelled = True
            return self.substituted(cst.SimpleString(f"{quote}{self.op_type}{quote}"))
        return updated

    def leave_Comparison(self, original: cst.Comparison, updated: cst.Comparison  # noqa: N802
                         ) -> cst.BaseExpression:
        if self.ctx is None and m.matches(updated, _none_test(self.me, self._kept())):
            return self._literal(isinstance(updated.comparisons[0].operator, cst.IsNot),
                                 updated)
        return super().leave_Comparison(original, updated)


def read_kept(body: Any, mk: Any, me: str, ctx: str | None = None) -> Any:
    """`body` (compute()'s, its context `ctx`; a helper method's, `ctx` None) with the
    context kept in `me.X` (X in `mk.kept`, of migration `mk`) read as the module doc says,
    and the branches that decides folded; the op's type spelled marks `mk.spells_op`."""
    kept = mk.kept
    if not kept or not m.findall(body, m.Attribute(value=m.Name(me), attr=m.Name(
            m.MatchIfTrue(lambda a: a in kept)))):
        return body
    reads = _KeptReads(kept, me, ctx, mk.op_type)
    out = fold_dead_branches(body.visit(reads))
    mk.spells_op |= reads.spelled
    return out


def kept_note(kept: set[str], me: str, what: str = "context") -> str:
    spelled = ", ".join(f"`{me}.{a}`" for a in sorted(kept))
    if what != "context":
        return (f"drops the {what} kept in {spelled} (set first thing in compute(): spelled "
                "as what it is)")
    return (f"drops the context kept in {spelled} (set first thing in compute(), read only for "
            "the op's type or tested against None: spelled as those)")
