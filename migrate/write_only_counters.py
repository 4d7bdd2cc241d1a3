"""Instance counters a kernel only ever bumps and nothing reads (issue 23).

`self.calls = 0` in `__init__` and `self.calls += 1` in compute() keep instance state, yet
when nothing ever reads `self.calls` back the counter cannot change an output: the PHI
kernel may drop it. The reading is strict; any doubt keeps the kernel's refusal:

- the store in `__init__` is `self.X = <literal>` (a number, or a constant never bumped:
  `self._name = "scale"`, as dead as a counter); every other mention of `.X` in the
  kernel's classes is a statement of compute() of its own, `self.X += <number literal>` or
  `self.X = self.X + <number literal>`;
- no class of the MRO defines `__slots__`, `__setattr__` or a class-level `X` (the store
  could then raise or run code);
- no module of the tree (the outermost package holding the kernel's module; the module
  alone outside a package) may read `.X` otherwise (`attribute_reads.tree_reads`: it
  mentions `.X`, spells `"X"`, or reaches attributes reflectively or by a computed name of
  an object that may be a kernel instance).

`write_only_counters` says which `__init__` statements are such counters (or why one is
not), `drop_counters` takes their bumps out of compute().
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from migrate.attribute_reads import tree_reads
from migrate.static import ModuleInfo
from migrate.syntax import is_literal

_NUMBER = m.Integer() | m.Float()
_GUARDS = ("__slots__", "__setattr__")


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
    for cls in mro:
        for s in cls.body.body:
            names = m.findall(s, m.Name()) if not isinstance(s, cst.FunctionDef) else [s.name]
            hit = [n.value for n in names if n.value in (*_GUARDS, attr)]  # type: ignore[attr-defined]
            if hit:
                return f"{cls.name.value} defines `{hit[0]}`"
    return ""


def _is_bump(stmt: cst.CSTNode, me: str, attr: str) -> bool:
    target = m.Attribute(value=m.Name(me), attr=m.Name(attr))
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
        return False
    small = stmt.body[0]
    return m.matches(small, m.AugAssign(target=target, operator=m.AddAssign(), value=_NUMBER)
                     ) or m.matches(small, m.Assign(targets=[m.AssignTarget(target)],
                                                    value=m.BinaryOperation(
                                                        left=target, operator=m.Add(),
                                                        right=_NUMBER)))


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


def _bumps(compute: cst.FunctionDef, attr: str) -> list[cst.SimpleStatementLine]:
    me = compute.params.params[0].name.value if compute.params.params else ""
    own = _OwnStatements(compute)
    compute.visit(own)
    return [s for s in own.lines if _is_bump(s, me, attr)]


def _self_escapes(compute: cst.FunctionDef) -> str:
    """How compute() uses its `self` other than as `self.NAME` (rebinds it, hands it on:
    then the object bumped, or one reading it, is not plainly the kernel); "" if never."""
    if not compute.params.params:
        return "compute() takes no self"
    me = compute.params.params[0].name.value
    bases = {id(a.value) for a in m.findall(compute, m.Attribute(value=m.Name(me)))}
    for name in m.findall(compute.body, m.Name(me)):
        if id(name) not in bases:
            return f"compute() uses `{me}` other than as `{me}.NAME` (rebinds or hands it on)"
    return ""


def write_only_counters(info: ModuleInfo, mro: list[cst.ClassDef], init: cst.FunctionDef,
                        compute: cst.FunctionDef) -> tuple[set[str], dict[str, str]]:
    """The attributes `init` stores as write-only counters, and for each `__init__` store
    of a number that is not one, why (words to add to the kernel's refusal)."""
    me = init.params.params[0].name.value if init.params.params else ""
    stores = {a: s for s in init.body.body if isinstance(s, cst.SimpleStatementLine)
              and len(s.body) == 1 and (a := counter_store(s.body[0], me))}
    counters: set[str] = set()
    refused: dict[str, str] = {}
    for attr, store in stores.items():
        why = _not_counter(info, mro, init, compute, attr, store)
        if why:
            refused[attr] = why
        else:
            counters.add(attr)
    return counters, refused


def _not_counter(info: ModuleInfo, mro: list[cst.ClassDef], init: cst.FunctionDef,
                 compute: cst.FunctionDef, attr: str, store: cst.SimpleStatementLine) -> str:
    own = {id(c) for c in mro if info.owner_of(c) is info}
    if not all(id(c) in own for c in mro if m.findall(c, m.Attribute(attr=m.Name(attr)))):
        return f"a class of another module of its MRO names `.{attr}`"
    if why := guarded(mro, attr):
        return why
    bumps = _bumps(compute, attr)
    escapes = _self_escapes(compute)
    if escapes:
        return escapes
    started = cst.ensure_type(store.body[0], cst.Assign).value
    if bumps and not m.matches(started, _NUMBER):
        return f"compute() bumps `self.{attr}`, which starts as no number"
    allowed = {id(n) for s in [store, *bumps]
               for n in m.findall(s, m.Attribute(attr=m.Name(attr)))}
    if sum(1 for s in init.body.body if m.findall(s, m.Attribute(attr=m.Name(attr)))) != 1:
        return f"__init__ names `self.{attr}` more than once"
    return tree_reads(info, attr, allowed)


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


def drop_counters(compute: cst.FunctionDef, counters: set[str]) -> cst.FunctionDef:
    """compute() without its bumps of the write-only `counters`."""
    if not counters:
        return compute
    bumps = {id(s) for attr in counters for s in _bumps(compute, attr)}
    return cst.ensure_type(compute.visit(_DropBumps(bumps)), cst.FunctionDef)


def counter_note(counters: set[str], me: str) -> str:
    spelled = ", ".join(f"`{me}.{a}`" for a in sorted(counters))
    noun = "counter" if len(counters) == 1 else "counters"
    return (f"drops the write-only {noun} {spelled} (only ever set or bumped, read nowhere in the "
            "tree: it cannot change an output)")

