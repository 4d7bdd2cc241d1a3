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
  class iterating the book (`for ... in self`) that calls the register function; or a plain
  `function()` call of a module-level function iterating a book of its module (`for ... in
  BOOK`);
- a base in the class's tree MRO defines `__init_subclass__` appending `cls` to `NAME`
  (`BOOK.append(...)`; for a book of the package's own class, a call of its adding method:
  `booked_objects`), storing nothing on the class its MRO's methods read (`booked_stores`);
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
from pathlib import Path
from typing import Any

import libcst as cst

from migrate.booked_objects import (
    BookClass,
    Parsed,
    book_class,
    book_iteration,
    mapped_row,
    parsed_file,
    same_class,
)
from migrate.booked_stores import stored_read
from migrate.env_gates import EnvGate, bound_gates, env_gate, gate_text
from migrate.static import ModuleInfo
from migrate.static_refs import code_of
from migrate.tree_bases import tree_mro
from migrate.tree_origins import Origin, origin_of

#: statements in the publishing function that make which keys it adds depend on more than
#: the booked entries
UNCARRIED = {cst.While: "a `while` loop", cst.Break: "`break`", cst.Continue: "`continue`",
              cst.Return: "`return`", cst.Try: "`try`", cst.AugAssign: "a counter",
              cst.Global: "`global`", cst.Nonlocal: "`nonlocal`", cst.Raise: "`raise`"}


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
    if not (isinstance(call, cst.Call) and not call.args and (isinstance(call.func, cst.Name) or (
            isinstance(call.func, cst.Attribute) and isinstance(call.func.value, cst.Name)))):
        return ("the statement that registered it is not a plain `NAME.method()` or "
                "`function()` call"), {}
    funcs = [f for f in inner.at_line(int(keys[0][10]), cst.FunctionDef)]
    func = funcs[-1] if funcs else None
    if isinstance(call.func, cst.Name):
        found = _published_function(info, name, Path(stmt_file), call.func.value, inner, func)
    else:
        found = _published_method(info, name, Path(stmt_file), call.func, inner, func)
    if isinstance(found, str):
        return found, {}
    book, names, booking = found
    why = stored_read(info, name, *booking)
    if why:
        return why, {}
    why, gated = _publish_refusal(inner, func, {int(k[10]) for k in keys}, names, book)
    if why:
        return why, {}
    derived = [c for c, cls in info.classes.items()
               if any(isinstance(b.value, cst.Name) and b.value.value == name and b.keyword
                      is None for b in cls.bases)]
    if derived:
        return f"class {derived[0]} derives from it, so its class statement stays", {}
    return "", gated


#: a proven booking: the book's class (None: a list), the names the publishing function
#: reads the book by, and the `__init_subclass__` booking the class, with its module
Booking = tuple[BookClass | None, set[str], tuple[ModuleInfo, cst.FunctionDef]]


def _published_method(info: ModuleInfo, name: str, stmt_file: Path, called: cst.Attribute,
                      inner: Parsed, func: cst.FunctionDef | None) -> Booking | str:
    """The booking `NAME.method()` publishes (the method iterating `self`), or why not."""
    book, method = called.value.value, called.attr.value
    owner = inner.parent.get(inner.parent.get(func)) if func is not None else None
    if func is None or func.name.value != method or not isinstance(owner, cst.ClassDef):
        return f"`{book}.{method}()` registered it through code that is not a method of the book"
    origin = origin_of(stmt_file, book)
    shape = book_class(origin) if origin is not None else None
    if isinstance(shape, str):
        return shape
    booking = _books_into(info, name, book, origin, shape)
    if booking is None:
        return _not_booked(book)
    if shape is not None and not same_class(shape, inner.path, owner):
        return f"`{book}.{method}()` registered it through code that is not a method of the book"
    return shape, {"self"}, booking


def _published_function(info: ModuleInfo, name: str, stmt_file: Path, called: str,
                        inner: Parsed, func: cst.FunctionDef | None) -> Booking | str:
    """The booking a module-level function `called()` publishes (iterating a book of its
    module's names), or why not."""
    origin = origin_of(stmt_file, called)
    if func is None or func.name.value != called or not isinstance(
            inner.parent.get(func), cst.Module) or origin is None or origin.path is None or \
            origin.path.resolve() != inner.path.resolve():
        return (f"`{called}()` registered it through code that is not that module-level "
                "function")
    roots = []
    for loop in (n for n in inner.pos if isinstance(n, cst.For) and inside(inner, n, func)):
        it = loop.iter
        root = it.func.value if isinstance(it, cst.Call) and isinstance(
            it.func, cst.Attribute) else it.value if isinstance(it, cst.Attribute) else it
        if isinstance(root, cst.Name) and root.value not in roots:
            roots.append(root.value)
    for book in roots:
        origin = origin_of(inner.path, book)
        shape = book_class(origin) if origin is not None else None
        booking = None if isinstance(shape, str) or origin is None else _books_into(
            info, name, book, origin, shape)
        if isinstance(shape, str) and _books_into(info, name, book, origin, None, True):
            return shape
        if booking is not None:
            return shape, {book}, booking
    return _not_booked(" / ".join(roots) or called)


def _not_booked(book: str) -> str:
    return (f"no base's `__init_subclass__` appends the class to `{book}`, so the booking "
            "is not known to come from its class statement")


def _books_into(info: ModuleInfo, name: str, book: str, published: Origin | None,
                shape: BookClass | None, any_call: bool = False
                ) -> tuple[ModuleInfo, cst.FunctionDef] | None:
    """The `__init_subclass__` of a class of `name`'s tree MRO appending `cls` (in what it
    appends) to the module-level `book` of its module, the very object the publishing
    statement names (`published`: LibCST's qualified names, `origin_of`), with its module;
    for a book of its own class (`shape`), a call of an adding method passing `cls` as an
    element of the row (`booked_objects.mapped_row`). `any_call`: any method call of the
    book passing `cls` counts (to name why a book that cannot be read is refused)."""
    try:
        mro = tree_mro(info, name)
    except Exception:  # an MRO the codemod cannot order: not proven
        return None
    if published is None:
        return None
    for cls in mro.classes:
        owner = mro.owners.get(id(cls), info)
        if owner.path is None or origin_of(owner.path, book) != published:
            continue
        for stmt in cls.body.body:
            if isinstance(stmt, cst.FunctionDef) and stmt.name.value == "__init_subclass__":
                finder = _AppendsCls(book, shape, any_call)
                stmt.visit(finder)
                if finder.found:
                    return owner, stmt
    return None


class _AppendsCls(cst.CSTVisitor):
    def __init__(self, book: str, shape: BookClass | None, any_call: bool) -> None:
        self.book, self.shape, self.any_call, self.found = book, shape, any_call, False

    def visit_Call(self, node: cst.Call) -> None:  # noqa: N802 (LibCST's name)
        f = node.func
        if not (isinstance(f, cst.Attribute) and isinstance(f.value, cst.Name)
                and f.value.value == self.book):
            return
        if self.shape is not None:
            row = mapped_row(node, self.shape) or []
            self.found |= any(isinstance(e, cst.Name) and e.value == "cls" for e in row)
        elif f.attr.value == "append" or self.any_call:
            names = NameFinder()
            for a in node.args:
                a.visit(names)
            self.found |= "cls" in names.names


class NameFinder(cst.CSTVisitor):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_Name(self, node: cst.Name) -> None:  # noqa: N802 (LibCST's name)
        self.names.add(node.value)


def _publish_refusal(parsed: Parsed, func: cst.FunctionDef, lines: set[int], names: set[str],
                     book: BookClass | None) -> tuple[str, dict[int, str]]:
    """(why the publishing function's choice of keys depends on more than the booked
    entries (naming the statement, file:line), or ""; the condition of the environment gate
    each of `lines` registered under, where one does (`env_gates`)). `names`: what the
    function names the book by (`self`, `BOOK`); `book`: its class, None for a list."""
    named = f"`{func.name.value}`"
    for node in parsed.pos:
        if isinstance(node, tuple(UNCARRIED)) and inside(parsed, node, func):
            return (f"the publishing function {named} holds {UNCARRIED[type(node)]} "
                    f"({parsed.where(node)}), so which keys it registers depends on more "
                    "than the booking"), {}
    gates = function_gates(parsed, func)
    loops = [n for n in parsed.pos if isinstance(n, cst.For) and inside(parsed, n, func)]
    over = [book_iteration(f.iter, names, book) for f in loops]
    why = next((w for _, w in over if w), "")
    if why:
        return why, {}
    if not any(hit for hit, _ in over):
        return (f"the publishing function {named} does not iterate its book "
                f"(`for ... in {' / '.join(sorted(names))}`)"), {}
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
