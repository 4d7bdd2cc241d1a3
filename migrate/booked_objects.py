"""Books that are instances of the package's own class (`BOOK = KernelBook()`), read for
`booked_publish`.

A base's `__init_subclass__` may book a class through a method of the book's class
(`BOOK.add_kernel(op, cls, placement)`) rather than `BOOK.append((op, cls, placement))`, and
the publishing code may iterate the book through a method or `__iter__` of that class
(`for op, kernel, placement in BOOK.rows()`, `for ... in BOOK`, `for ... in self`). Read
with LibCST, such a book is the list it keeps when:

- its module binds the book's name once, at its top level, to a call of a class statement of
  the tree with no arguments (`tree_origins.class_statement`), a class deriving from nothing
  (a class deriving from `list` is the list itself: `booked_publish` reads it as such);
- its `__init__` binds a list attribute of `self` (`self._rows = []`);
- a method adding rows holds one statement appending exactly its parameters, each once, to
  that list (`self._rows.append((op, kernel, placement))`): a call passing every parameter,
  `cls` among them, is the append of the tuple of the call's arguments in that order;
- a method the publishing code iterates hands the list back unchanged (`return
  list(self._rows)`, `return iter(self._rows)`, `return self._rows`, `yield from
  self._rows`); iterating the book itself needs such an `__iter__`;
- no other method writes the list, hands it out or binds it (`__len__` may read it), nor
  does code of the tree outside the class (`BOOK._rows.sort()`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import libcst as cst
import libcst.matchers as m
from libcst.metadata import (
    MetadataWrapper,
    ParentNodeProvider,
    PositionProvider,
    QualifiedNameProvider,
    ScopeProvider,
)

from migrate.source_files import file_state
from migrate.static_refs import code_of
from migrate.tree_names import package_root, tree_paths
from migrate.tree_origins import Origin, class_statement

#: calls that only read the list handed to them
_READERS = {"len", "list", "tuple", "iter", "sorted", "reversed", "enumerate", "bool"}
#: methods of a list that leave it as it is
_LIST_READS = {"count", "index", "copy"}


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

    @property
    def shown(self) -> str:
        """The file's path from above its package."""
        return str(self.path.relative_to(package_root(self.path).resolve())
                   if self.path.is_absolute() else self.path)

    def where(self, node: cst.CSTNode) -> str:
        return f"{self.shown}:{self.pos[node].start.line}"

    def at_line(self, line: int, kind: type) -> list[Any]:
        """Nodes of `kind` spanning `line`, outermost first."""
        return [n for n, p in self.pos.items() if isinstance(n, kind)
                and p.start.line <= line <= p.end.line]


@lru_cache(maxsize=16)
def _parsed(path: Path, state: tuple[Path, int, int]) -> Parsed:
    return Parsed(path)


def parsed_file(path: Path) -> Parsed:
    """`Parsed(path)`, read once per version of the file (every kernel a publishing or
    installing call registered asks about the same few files)."""
    return _parsed(path, file_state(path))


@dataclass
class BookClass:
    """The class of a book: its statement, where it is, the list attribute its rows go to,
    the methods adding a row (name -> their parameters in the appended tuple's order) and
    those handing the list back unchanged."""

    name: str
    parsed: Parsed
    node: cst.ClassDef
    attr: str = ""
    adders: dict[str, list[str]] = field(default_factory=dict)
    readers: set[str] = field(default_factory=set)

    def method(self, name: str) -> cst.FunctionDef | None:
        return next((s for s in self.node.body.body if isinstance(s, cst.FunctionDef)
                     and s.name.value == name), None)


def book_class(origin: Origin) -> BookClass | str | None:
    """The class of the book `origin` names, read as above; None when the book is no instance
    of a class of the tree (a list, or a class deriving from `list`: the caller reads the list
    itself); why the book cannot be read, in words, when it is bound more than once or its
    class is of another shape."""
    if origin.path is None:
        return None
    book = origin.qualified.rpartition(".")[2]
    top = parsed_file(origin.path)
    bound = [s for s in top.module.body for small in (
        s.body if isinstance(s, cst.SimpleStatementLine) else ()) if _binds(small, book)]
    bound += [s for s in top.module.body if isinstance(s, cst.ClassDef | cst.FunctionDef)
              and s.name.value == book]
    if len(bound) != 1:
        return (f"`{book}` is bound {len(bound)} times at the top level of "
                f"{top.shown}, so which book the class "
                "statements fill is not one binding's")
    value = bound[0].body[0].value if isinstance(bound[0], cst.SimpleStatementLine) else None
    if not (isinstance(value, cst.Call) and isinstance(value.func, cst.Name)
            and not value.args):
        return None
    found = class_statement(origin.path, value.func.value)
    if isinstance(found, str) or found.path is None:
        return None
    parsed = top if found.path.resolve() == origin.path.resolve() else parsed_file(found.path)
    cls_name = found.qualified.rpartition(".")[2]
    node = next((s for s in parsed.module.body if isinstance(s, cst.ClassDef)
                 and s.name.value == cls_name), None)
    if node is None:
        return None
    bases = [b.value for b in node.bases]
    if any(isinstance(b, cst.Name) and b.value == "list" for b in bases):
        return None
    if bases or node.keywords:
        return (f"the book's class `{cls_name}` ({parsed.where(node)}) derives from "
                f"`{cst.Module([]).code_for_node(bases[0] if bases else node.keywords[0])}`, "
                "so what its methods do is not all in its statement")
    return _read_class(BookClass(cls_name, parsed, node))


def _binds(small: cst.BaseSmallStatement, name: str) -> bool:
    targets = ([t.target for t in small.targets] if isinstance(small, cst.Assign)
               else [small.target] if isinstance(small, cst.AnnAssign | cst.AugAssign) else [])
    return any(isinstance(t, cst.Name) and t.value == name for t in targets)


def _body(func: cst.FunctionDef) -> list[cst.BaseSmallStatement]:
    """The small statements of `func`'s body but a docstring; [] when it holds a compound
    statement."""
    out: list[cst.BaseSmallStatement] = []
    for stmt in getattr(func.body, "body", ()):
        if not isinstance(stmt, cst.SimpleStatementLine):
            return []
        out.extend(stmt.body)
    if out and m.matches(out[0], m.Expr(m.SimpleString() | m.ConcatenatedString())):
        out = out[1:]
    return out


def _self_attr(expr: cst.CSTNode, me: str) -> str | None:
    if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name) and \
            expr.value.value == me:
        return expr.attr.value
    return None


def _me(func: cst.FunctionDef) -> str | None:
    params = func.params.params
    return params[0].name.value if params else None


def _read_class(book: BookClass) -> BookClass | str:
    init = book.method("__init__")
    lists = set()
    for small in _body(init) if init is not None else ():
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and m.matches(
                small.value, m.List(elements=[]) | m.Call(m.Name("list"), args=[])):
            attr = _self_attr(small.targets[0].target, _me(init) or "")
            if attr:
                lists.add(attr)
    for func in (s for s in book.node.body.body if isinstance(s, cst.FunctionDef)):
        params = _plain_params(func)
        body = _body(func)
        if params is None or len(body) != 1:
            continue
        me, small = params[0], body[0]
        if m.matches(small, m.Expr(m.Call(m.Attribute(attr=m.Name("append")), args=[m.Arg(
                m.Tuple(), keyword=None, star="")]))):
            attr = _self_attr(small.value.func.value, me)
            names = [e.value.value if isinstance(e.value, cst.Name) else None
                     for e in small.value.args[0].value.elements]
            if attr in lists and sorted(map(str, names)) == sorted(params[1:]) and \
                    None not in names and not any(isinstance(e, cst.StarredElement) for e in
                                                  small.value.args[0].value.elements):
                book.attr = book.attr or attr
                if attr == book.attr:
                    book.adders[func.name.value] = [str(n) for n in names]
                    continue
        handed = _handed_back(small, me)
        if handed is not None and handed in lists:
            book.readers.add(func.name.value)
    if not book.attr:
        return (f"no method of the book's class `{book.name}` ({book.parsed.where(book.node)}) "
                "appends exactly its parameters to a list it binds in `__init__`")
    book.readers = {r for r in book.readers if _handed_back(
        _body(book.method(r))[0], _me(book.method(r)) or "") == book.attr}
    return _writer(book) or _outside(book) or book


def _plain_params(func: cst.FunctionDef) -> list[str] | None:
    p = func.params
    if p.star_arg is not cst.MaybeSentinel.DEFAULT or p.kwonly_params or p.star_kwarg or \
            p.posonly_params or any(q.default is not None for q in p.params) or \
            func.decorators or not p.params:
        return None
    return [q.name.value for q in p.params]


def _handed_back(small: cst.BaseSmallStatement, me: str) -> str | None:
    """The list attribute `small` hands back unchanged (`return list(self._rows)`, `return
    iter(self._rows)`, `return self._rows`, `yield from self._rows`), or None."""
    value = small.value if isinstance(small, cst.Return) else (
        small.value.value if isinstance(small, cst.Expr) and isinstance(
            small.value, cst.Yield) and isinstance(small.value.value, cst.From) else None)
    if isinstance(value, cst.From):
        return _self_attr(value.item, me)
    if m.matches(value, m.Call(m.Name("list") | m.Name("iter") | m.Name("tuple"),
                               args=[m.Arg(keyword=None, star="")])):
        return _self_attr(value.args[0].value, me)
    return _self_attr(value, me) if value is not None else None


def _read_only(parsed: Parsed, node: cst.Attribute) -> bool:
    """Whether the list `node` reads is only read where it stands: iterated, tested with
    `in`, handed to `len`/`list`/... or a list method leaving it as it is."""
    up = parsed.parent.get(node)
    if isinstance(up, cst.Attribute) and up.attr.value in _LIST_READS and isinstance(
            parsed.parent.get(up), cst.Call):
        return True
    if isinstance(up, cst.Arg) and m.matches(parsed.parent.get(up), m.Call(
            m.OneOf(*(m.Name(n) for n in _READERS)))):
        return True
    return (isinstance(up, cst.For | cst.CompFor) and up.iter is node) or isinstance(
        up, cst.ComparisonTarget)


class _ListUses(cst.CSTVisitor):
    """Uses of `me.attr` in one method that may write it or hand it out."""

    def __init__(self, parsed: Parsed, me: str, attr: str) -> None:
        self.parsed, self.me, self.attr = parsed, me, attr
        self.writes: list[cst.Attribute] = []

    def visit_Attribute(self, node: cst.Attribute) -> None:  # noqa: N802 (LibCST's name)
        if _self_attr(node, self.me) == self.attr and not _read_only(self.parsed, node):
            self.writes.append(node)


class _OtherUses(cst.CSTVisitor):
    """Uses of `X.attr` in a module outside the book's class (`skip`) that may write the
    book's list, but through the instance of a method of another class (`self._rows` there
    is that class's)."""

    def __init__(self, parsed: Parsed, attr: str, skip: str) -> None:
        self.parsed, self.attr, self.skip = parsed, attr, skip
        self.writes: list[cst.Attribute] = []
        self.selves: list[str] = []

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:  # noqa: N802 (LibCST's name)
        return not (node.name.value == self.skip and isinstance(
            self.parsed.parent.get(node), cst.Module))

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:  # noqa: N802 (LibCST's name)
        owned = isinstance(self.parsed.parent.get(self.parsed.parent.get(node)), cst.ClassDef)
        self.selves.append((_me(node) or "") if owned else "")

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:  # noqa: N802 (LibCST's name)
        self.selves.pop()

    def visit_Attribute(self, node: cst.Attribute) -> None:  # noqa: N802 (LibCST's name)
        if node.attr.value != self.attr or (self.selves and self.selves[-1] and _self_attr(
                node, self.selves[-1])) or _read_only(self.parsed, node):
            return
        self.writes.append(node)


def _outside(book: BookClass) -> str:
    """Why code of the tree outside the book's class may change its list (`BOOK._rows.clear()`,
    `rows = BOOK._rows`), naming it; "" when none does."""
    for path, _ in tree_paths(book.parsed.path.resolve(), include_self=True):
        try:
            if f".{book.attr}" not in path.read_text(encoding="utf-8"):
                continue
            parsed = book.parsed if path.resolve() == book.parsed.path.resolve() else \
                Parsed(path)
        except (OSError, UnicodeDecodeError, cst.ParserSyntaxError):
            return f"{path.name} mentions `{book.attr}` and cannot be read"
        uses = _OtherUses(parsed, book.attr, book.name if parsed is book.parsed else "")
        parsed.module.visit(uses)
        if uses.writes:
            first = uses.writes[0]
            return (f"`{code_of(first).strip()}` ({parsed.where(first)}) may write the "
                    f"book's `{book.attr}` outside its class, so the rows published are not only "
                    "those the class statements booked")
    return ""


def _writer(book: BookClass) -> str:
    """Why a method of the book other than its adders and readers may change its list (or
    `__init__` binds it more than once), naming the method and the line; "" when none does."""
    for func in (s for s in book.node.body.body if isinstance(s, cst.FunctionDef)):
        name = func.name.value
        if name in book.adders or name in book.readers:
            continue
        uses = _ListUses(book.parsed, _me(func) or "", book.attr)
        func.visit(uses)
        writes = uses.writes[1:] if name == "__init__" else uses.writes
        if writes:
            return (f"`{book.name}.{name}` ({book.parsed.where(writes[0])}) writes or hands "
                    f"out `{book.attr}` besides the methods adding rows, so the rows "
                    "published are not only those the class statements booked")
    return ""


def mapped_row(call: cst.Call, book: BookClass) -> list[cst.BaseExpression] | None:
    """The row a call of an adding method of `book` appends (its arguments in the order of
    the appended tuple), or None when the call is not one or does not pass each parameter
    once, plainly."""
    if not isinstance(call.func, cst.Attribute) or call.func.attr.value not in book.adders:
        return None
    order = book.adders[call.func.attr.value]
    method = book.method(call.func.attr.value)
    params = [p.name.value for p in method.params.params[1:]] if method else []
    given: dict[str, cst.BaseExpression] = {}
    for i, arg in enumerate(call.args):
        if arg.star:
            return None
        key = arg.keyword.value if arg.keyword is not None else (
            params[i] if i < len(params) else None)
        if key is None or key in given or key not in params:
            return None
        given[key] = arg.value
    if set(given) != set(params):
        return None
    return [given[p] for p in order]


def book_iteration(expr: cst.BaseExpression, names: set[str], book: BookClass | None
                   ) -> tuple[bool, str]:
    """(whether `expr`, iterated by the publishing code, is the book one of `names` names;
    why not as its list unchanged, naming the method, or ""). Without `book` (a list book),
    only the name itself is the book."""
    root = expr.func.value if isinstance(expr, cst.Call) and isinstance(
        expr.func, cst.Attribute) else expr.value if isinstance(expr, cst.Attribute) else expr
    if not (isinstance(root, cst.Name) and root.value in names):
        return False, ""
    if book is None:
        return expr is root, ""
    if expr is root:
        if "__iter__" in book.readers:
            return True, ""
        method = book.method("__iter__")
        where = f"`{book.name}.__iter__` ({book.parsed.where(method)})" if method else \
            f"`{book.name}`, which defines no `__iter__`"
        return True, (f"iterating `{root.value}` runs {where}, which does not hand back "
                      f"`{book.attr}` unchanged, so which rows it publishes is not the booking")
    if isinstance(expr, cst.Attribute):
        return expr.attr.value == book.attr, ""
    name = expr.func.attr.value
    if name in book.readers and not expr.args:
        return True, ""
    method = book.method(name)
    where = f" ({book.parsed.where(method)})" if method else ""
    return True, (f"`{root.value}.{name}()` (`{book.name}.{name}`{where}) does not hand back "
                  f"`{book.attr}` unchanged, so which rows it publishes is not the booking")


def same_class(book: BookClass, path: Path, node: cst.ClassDef) -> bool:
    """Whether `node` of `path` is the book's class statement."""
    return path.resolve() == book.parsed.path.resolve() and node.name.value == book.name
