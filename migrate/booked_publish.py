"""Kernel classes registered only by publishing what their class statements booked.

A house habit: each kernel class books itself with class keywords (`class K(FunctorKernel,
op="x", placement=FLOATS)`), a tree base's `__init_subclass__` appends `(op, cls, ...)` to
a module-level book (`BOOK.append(...)`), and the package calls `BOOK.publish()` once its
plug-ins are imported, which calls the framework's `register_op_kernel` for each booked
entry. Importing the tree (`live_import`) shows the keys each class was registered under,
the top-level statement that ran (`BOOK.publish()`) and the call inside the publishing
function that added each key.

Such a class loses its registration exactly when its class statement goes, so it migrates
(its class statement replaced by the PHI kernel registered for exactly the keys observed)
when this module proves, reading the tree with LibCST, that:

- the statement that ran is a plain `NAME.method()` call, and `method` is a function of a
  class iterating the book (`for ... in self`) that calls the register function;
- a base in the class's tree MRO defines `__init_subclass__` appending `cls` to `NAME`;
- every key was added by a call of that function, and the function holds nothing that
  makes which keys it adds depend on more than the booked entries: no `while`, `break`,
  `continue`, `return`, `try`, augmented assignment (a counter) nor an `if` (any of the
  function's, entered by the import or not) testing other than the booked entry's own
  fields (`placement.gpu`, `kind == "GPU"`, `isinstance(entry, C)`) and environment gates
  (`env_gates`: `gpu = os.environ.get("X") is None`);
- every gate was open when the tree was imported; a key added under a gate is registered
  by the written module under the same condition (`env_gates.gated_registrations`);
- no class of its module derives from it.
"""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path
from typing import Any

import libcst as cst
from libcst.metadata import (
    MetadataWrapper,
    ParentNodeProvider,
    PositionProvider,
    QualifiedNameProvider,
    ScopeProvider,
)

from migrate.env_gates import EnvGate, bound_gates, env_gate, gate_text
from migrate.source_files import file_state
from migrate.static import ModuleInfo
from migrate.static_refs import code_of
from migrate.tree_bases import tree_mro
from migrate.tree_names import package_root
from migrate.tree_origins import Origin, origin_of

#: statements in the publishing function that make which keys it adds depend on more than
#: the booked entries
UNCARRIED = {cst.While: "a `while` loop", cst.Break: "`break`", cst.Continue: "`continue`",
              cst.Return: "`return`", cst.Try: "`try`", cst.AugAssign: "a counter",
              cst.Global: "`global`", cst.Nonlocal: "`nonlocal`", cst.Raise: "`raise`"}


class Parsed:
    """A tree file read with LibCST: its module and the positions, parents and qualified
    names of its nodes."""

    def __init__(self, path: Path) -> None:
        self.path = path
        wrapper = MetadataWrapper(cst.parse_module(path.read_text(encoding="utf-8")))
        self.module = wrapper.module
        self.pos = wrapper.resolve(PositionProvider)
        self.parent = wrapper.resolve(ParentNodeProvider)
        self.qnames = wrapper.resolve(QualifiedNameProvider)
        self.scopes = wrapper.resolve(ScopeProvider)

    def qualified(self, node: cst.CSTNode) -> set[str]:
        """LibCST's qualified names of `node`."""
        found = self.qnames.get(node, ())
        return {q.name for q in (found() if callable(found) else found)}  # loaded lazily

    def where(self, node: cst.CSTNode) -> str:
        shown = self.path.relative_to(package_root(self.path).resolve()) \
            if self.path.is_absolute() else self.path
        return f"{shown}:{self.pos[node].start.line}"

    def at_line(self, line: int, kind: type) -> list[Any]:
        """Nodes of `kind` spanning `line`, outermost first."""
        return [n for n, p in self.pos.items() if isinstance(n, kind)
                and p.start.line <= line <= p.end.line]


@lru_cache(maxsize=16)
def _parsed(path: Path, state: tuple[Path, int, int]) -> Parsed:
    return Parsed(path)


def parsed_file(path: Path) -> Parsed:
    """`Parsed(path)`, read once per version of the file (every kernel a publishing or
    installing call registered asks about the same two files)."""
    return _parsed(path, file_state(path))


def booked_refusal(info: ModuleInfo, name: str, keys: list[list[Any]]
                   ) -> tuple[str, dict[int, str]]:
    """(Why `name`'s observed keys (`live_import` rows, all added by a statement of another
    module) cannot be taken as its only registration, or "" when they can; the condition
    of the environment gate each line of the publishing function registered under, where
    one does: line -> condition)."""
    stmts = {(str(k[6]), int(k[7])) for k in keys}
    if len(stmts) != 1 or any(len(k) < 11 for k in keys):
        return "it registered by more than one statement, or where the import saw no call", {}
    (stmt_file, stmt_line), = stmts
    try:
        top = parsed_file(Path(stmt_file))
        calls = {str(k[9]) for k in keys}
        if len(calls) != 1:
            return "it registered from more than one module", {}
        inner = parsed_file(Path(calls.pop()))
    except (OSError, UnicodeDecodeError, cst.ParserSyntaxError):
        return "the publishing code could not be read again", {}
    stmt = next((s for s in top.module.body if top.pos[s].start.line <= stmt_line
                 <= top.pos[s].end.line), None)
    call = stmt.body[0].value if isinstance(stmt, cst.SimpleStatementLine) and isinstance(
        stmt.body[0], cst.Expr) else None
    if not (isinstance(call, cst.Call) and not call.args
            and isinstance(call.func, cst.Attribute) and isinstance(call.func.value, cst.Name)):
        return "the statement that registered it is not a plain `NAME.method()` call", {}
    book, method = call.func.value.value, call.func.attr.value
    funcs = [f for f in inner.at_line(int(keys[0][10]), cst.FunctionDef)]
    func = funcs[-1] if funcs else None
    if func is None or func.name.value != method or not isinstance(
            inner.parent.get(inner.parent.get(func)), cst.ClassDef):
        return (f"`{book}.{method}()` registered it through code that is not a method of "
                "the book"), {}
    if not _books_into(info, name, book, origin_of(Path(stmt_file), book)):
        return (f"no base's `__init_subclass__` appends the class to `{book}`, so the booking "
                "is not known to come from its class statement"), {}
    why, gated = _publish_refusal(inner, func, {int(k[10]) for k in keys})
    if why:
        return why, {}
    derived = [c for c, cls in info.classes.items()
               if any(isinstance(b.value, cst.Name) and b.value.value == name and b.keyword
                      is None for b in cls.bases)]
    if derived:
        return f"class {derived[0]} derives from it, so its class statement stays", {}
    return "", gated


def _books_into(info: ModuleInfo, name: str, book: str, published: Origin | None) -> bool:
    """Whether a class of `name`'s tree MRO defines `__init_subclass__` appending `cls`
    (in what it appends) to the module-level `book` of its module, the very object the
    publishing statement names (`published`: LibCST's qualified names, `origin_of`)."""
    try:
        mro = tree_mro(info, name)
    except Exception:  # an MRO the codemod cannot order: not proven
        return False
    if published is None:
        return False
    for cls in mro.classes:
        owner = mro.owners.get(id(cls), info)
        if owner.path is None or origin_of(owner.path, book) != published:
            continue
        for stmt in cls.body.body:
            if isinstance(stmt, cst.FunctionDef) and stmt.name.value == "__init_subclass__":
                finder = _AppendsCls(book)
                stmt.visit(finder)
                if finder.found:
                    return True
    return False


class _AppendsCls(cst.CSTVisitor):
    def __init__(self, book: str) -> None:
        self.book, self.found = book, False

    def visit_Call(self, node: cst.Call) -> None:  # noqa: N802 (LibCST's name)
        f = node.func
        if isinstance(f, cst.Attribute) and f.attr.value == "append" and isinstance(
                f.value, cst.Name) and f.value.value == self.book:
            names = NameFinder()
            for a in node.args:
                a.visit(names)
            self.found |= "cls" in names.names


class NameFinder(cst.CSTVisitor):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_Name(self, node: cst.Name) -> None:  # noqa: N802 (LibCST's name)
        self.names.add(node.value)


def _publish_refusal(parsed: Parsed, func: cst.FunctionDef, lines: set[int]
                     ) -> tuple[str, dict[int, str]]:
    """(why the publishing function's choice of keys depends on more than the booked
    entries (naming the statement, file:line), or ""; the condition of the environment gate
    each of `lines` registered under, where one does (`env_gates`))."""
    named = f"`{func.name.value}`"
    for node in parsed.pos:
        if isinstance(node, tuple(UNCARRIED)) and inside(parsed, node, func):
            return (f"the publishing function {named} holds {UNCARRIED[type(node)]} "
                    f"({parsed.where(node)}), so which keys it registers depends on more "
                    "than the booking"), {}
    gates = function_gates(parsed, func)
    loops = [n for n in parsed.pos if isinstance(n, cst.For) and inside(parsed, n, func)]
    if not any(isinstance(f.iter, cst.Name) and f.iter.value == "self" for f in loops):
        return (f"the publishing function {named} does not iterate its book "
                "(`for ... in self`)"), {}
    return entry_conditions(parsed, func, lines, loops, gates)


def entry_conditions(parsed: Parsed, func: cst.FunctionDef, lines: set[int],
                     loops: list[cst.For], gates: dict[str, EnvGate]
                     ) -> tuple[str, dict[int, str]]:
    """Whether each `if` of `func` tests only the fields of the loops' entries
    (`placement.gpu`) and environment gates (an `if` the import did not enter may have hidden
    keys): (why not, naming the condition, or ""; line of `lines` -> the gates' condition
    for the register calls under a gate)."""
    targets = set()
    for loop in loops:
        finder = NameFinder()
        loop.target.visit(finder)
        targets |= finder.names
    gated: dict[int, list[EnvGate]] = {}
    used = list(gates.values())
    for node in [n for n in parsed.pos if isinstance(n, cst.If) and inside(parsed, n, func)]:
        parts = _conjuncts(node.test)  # every `if`: a key it hid from the import counts too
        found = [gates.get(p.value) if isinstance(p, cst.Name) else env_gate(
            p, parsed.qualified) for p in parts]
        if any(g is None and not of_entry(p, targets) for p, g in zip(parts, found, strict=True)
               ) or (node.orelse is not None and any(found)):
            return (f"it registered under `if {code_of(node.test).strip()}` "
                    f"({parsed.where(node)}), a condition the codemod cannot carry "
                    "over"), {}
        used.extend(g for g in found if g is not None)
        span = parsed.pos[node.body]
        for line in lines:
            if span.start.line <= line <= span.end.line:
                gated.setdefault(line, []).extend(g for g in found if g is not None)
    closed = [g for g in used if not g.open]
    if closed:
        return (f"the tree was imported with the environment gate "
                f"`{code_of(closed[0].node).strip()}` ({parsed.where(closed[0].node)}) "
                "closed, so the keys it guards were not seen"), {}
    return "", {line: gate_text(gs) for line, gs in gated.items()}


def inside(parsed: Parsed, node: cst.CSTNode, outer: cst.CSTNode) -> bool:
    while node is not None:
        if node is outer:
            return True
        node = parsed.parent.get(node)
    return False


def _conjuncts(test: cst.BaseExpression) -> list[cst.BaseExpression]:
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
        return [*_conjuncts(test.left), *_conjuncts(test.right)]
    return [test]


def of_entry(expr: cst.BaseExpression, targets: set[str]) -> bool:
    """A plain read of a booked entry's field (`placement.gpu`, `placement`), the entry's
    field compared with a literal (`device == "CPU"`), or a test of the entry's type
    (`isinstance(record, KernelBinding)`): nothing but the entry decides it."""
    if isinstance(expr, cst.Comparison) and len(expr.comparisons) == 1:
        sides = [expr.left, expr.comparisons[0].comparator]
        return any(of_entry(e, targets) for e in sides) and all(
            of_entry(e, targets) or _literal(e) for e in sides)
    if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and \
            expr.func.value == "isinstance" and len(expr.args) == 2:
        return of_entry(expr.args[0].value, targets) and isinstance(
            expr.args[1].value, cst.Name | cst.Attribute)
    while isinstance(expr, cst.Attribute):
        expr = expr.value
    return isinstance(expr, cst.Name) and expr.value in targets


def _literal(expr: cst.BaseExpression) -> bool:
    try:
        ast.literal_eval(code_of(expr).strip())
    except (ValueError, SyntaxError):
        return False
    return True


def function_gates(parsed: Parsed, func: cst.FunctionDef) -> dict[str, EnvGate]:
    """Names `func` reads as an environment gate (`env_gates`): bound once in it, or once
    at its module's top level and not in it."""
    assigns = [n for n in parsed.pos if isinstance(n, cst.Assign)]
    inner = [a for a in assigns if inside(parsed, a, func)]
    local = {t.target.value for a in inner for t in a.targets if isinstance(t.target, cst.Name)}
    top = [a for a in assigns if isinstance(parsed.parent.get(parsed.parent.get(a)), cst.Module)]
    read = NameFinder()
    func.visit(read)
    top = [a for a in top if any(isinstance(t.target, cst.Name) and t.target.value in read.names
                                 for t in a.targets)]
    return {**bound_gates(top, parsed.scopes, parsed.qualified, local),
            **bound_gates(inner, parsed.scopes, parsed.qualified)}
