"""Modules of a tree whose namespace some statement changes dynamically, so that the static
reader cannot take a module-level name by its one binding.

A change is any of these, anywhere in a module of the tree (a function's body included: it
may be called before the read):
- a use of the module's namespace dict other than reading it: `globals()`, `vars()` (and
  `locals()` at the top level, where it is `globals()`), `M.__dict__` and `vars(M)` for a
  module M, stored into, deleted from, updated, popped, bound to a name or handed to a
  function (`globals().update(FLOATS=...)`, `globals()["FLOATS"] = ...`);
- `setattr(M, ...)` / `delattr(M, ...)`, `M.NAME = ...`, `del M.NAME`, `M.NAME += ...` on a
  module object M: a name an import binds to a module of the tree (`import pkg.consts as
  c`, `from . import consts`) or `sys.modules[...]`;
- `sys.modules[...] = ...` (the module replaced for later imports): of the module a literal
  key names; with a computed key, of every module of the writer's own outermost package
  (a loader installing what it built). `del sys.modules[...]` is no change: the next
  import runs the same file again.

Only modules whose text could hold a change are parsed (`_may_change`): the tree can be a
whole repository.

Reads are harmless: `globals()["X"]`, `globals().get("X")`, `"X" in vars()`,
`globals().items()` / `.keys()` / `.values()` / `.copy()`, iterating over it. A change naming
its names literally (`globals().update(FLOATS=...)`, `setattr(c, "FLOATS", ...)`) makes those
names unreadable; any other (a computed key, `globals().update(table)`) every module-level
name of the module it changes.
"""

from __future__ import annotations

import re
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import libcst as cst
from libcst.metadata import ParentNodeProvider, PositionProvider

from migrate.cst_walk import wrapper_of
from migrate.static_changes import READ_METHODS
from migrate.static_refs import ImportTable, code_of, find_module_file, literal_string
from migrate.tree_names import tree_paths

#: methods of a namespace dict whose first argument (a literal string) is the one name changed
_KEYED = frozenset({"setdefault", "pop", "__setitem__", "__delitem__"})


@dataclass(frozen=True)
class NamespaceChange:
    """A statement changing the namespace of module `target` (None: of a module it cannot
    name, so of every module of the tree)."""

    target: Path | None
    #: the names it changes; None: it may change any
    names: frozenset[str] | None
    file: Path
    line: int
    text: str

    def reason(self, module: Path) -> str:
        """The refusal of a read of a name of `module` this change may affect."""
        own = self.target is not None and self.file == module
        where = f"`{self.text}` line {self.line}" if own else \
            f"`{self.text}` in {self.file.name} line {self.line}"
        verb = "changes its namespace" if own else "has its namespace changed"
        return (f"module {module.stem if module.stem != '__init__' else module.parent.name} "
                f"{verb} dynamically ({where}): its constants cannot be read statically")


def changes_in(module: cst.Module, imports: ImportTable, path: Path) -> list[NamespaceChange]:
    """The dynamic namespace changes `module` (at `path`) makes, to itself or to another
    module of its tree."""
    wrapper = wrapper_of(module)
    finder = _Finder(imports, path.resolve(), wrapper.resolve(ParentNodeProvider),
                     wrapper.resolve(PositionProvider))
    wrapper.module.visit(finder)
    return finder.found


_TREE: dict[tuple[tuple[Path, int, int], ...], list[NamespaceChange]] = {}


def tree_changes(here: Path) -> list[NamespaceChange]:
    """Every dynamic namespace change the modules of `here`'s tree make (`here` included, as
    it stands on disk)."""
    from migrate.source_files import file_state
    from migrate.static_refs import load_module

    paths = [p for p, _ in tree_paths(here.resolve(), include_self=True)]
    key = tuple(file_state(p) for p in paths)
    if key not in _TREE:
        found: list[NamespaceChange] = []
        for path in paths:
            if path.resolve() != here.resolve() and not _may_change(path):
                continue
            try:
                module, imports = load_module(path)
            except (cst.ParserSyntaxError, RecursionError, ValueError, OSError):
                continue  # a module that does not parse changes nothing the reader reads
            found.extend(changes_in(module, imports, path))
        _TREE[key] = found
    return _TREE[key]


#: what the text of a module changing a namespace holds: a namespace dict or function, or
#: an attribute store on a dotted name (whose head must then be imported: `_DOTTED_STORE`)
_TRIGGERS = ("globals", "vars(", "locals", "__dict__", "setattr", "delattr", "modules[")
_DOTTED_STORE = re.compile(r"^[ \t]*(?:del[ \t]+)?([A-Za-z_]\w*)\.[A-Za-z_][\w.]*[ \t]*"
                           r"(?:[-+*/%&|^@]|//|\*\*|<<|>>)?=(?!=)", re.MULTILINE)


def _may_change(path: Path) -> bool:
    """A cheap test on the text: False only where `changes_in` would find nothing."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    if any(t in text for t in _TRIGGERS):
        return True
    heads = {m.group(1) for m in _DOTTED_STORE.finditer(text)} - {"self", "cls"}
    return any(re.search(rf"\bimport\b[^;]{{0,400}}?\b{re.escape(h)}\b", text) for h in heads)


def _outermost_package(path: Path) -> Path:
    d = path.resolve().parent
    while (d.parent / "__init__.py").is_file():
        d = d.parent
    return d


_BY_EVALUATOR: weakref.WeakKeyDictionary[Any, list[NamespaceChange]] = \
    weakref.WeakKeyDictionary()


def module_changes(here: Path) -> list[NamespaceChange]:
    """The changes of the tree that may change the namespace of module `here`: those naming
    it, and those naming no module made in its own outermost package."""
    here = here.resolve()
    package = _outermost_package(here)
    return [c for c in tree_changes(here) if c.target == here or (
        c.target is None and _outermost_package(c.file) == package)]


#: fluidphi's own packages: not foreign code (their kernels are checked by the dogfood's
#: verify); reading them, as every run does for base kernel names, scans no repository
_OWN = tuple(Path(__file__).resolve().parent.parent / p
             for p in ("fluidphi", "phi", "legacy_fluid", "compat", "migrate"))


def dynamic_reason(ev: Any, name: str) -> str:
    """Why module-level `name` of the module evaluator `ev` reads cannot be taken by its
    binding: a dynamic change of that module's namespace, by itself or by another module of
    its tree; ""."""
    if ev.path is None:
        return ""
    here = ev.path.resolve()
    if any(here.is_relative_to(own) for own in _OWN):
        return ""
    if ev not in _BY_EVALUATOR:
        _BY_EVALUATOR[ev] = module_changes(here) if here.is_file() else [
            c for c in changes_in(ev.module, ev.imports, here) if c.target in (here, None)]
    for change in _BY_EVALUATOR[ev]:
        if change.names is None or name in change.names:
            return change.reason(here)
    return ""


class _Finder(cst.CSTVisitor):
    def __init__(self, imports: ImportTable, path: Path,
                 parents: dict[cst.CSTNode, cst.CSTNode], positions: dict) -> None:
        self.imports, self.path, self.parents, self.positions = imports, path, parents, positions
        self.found: list[NamespaceChange] = []
        self.depth = 0  # nesting of functions and classes (`locals()` is the module's at 0)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:  # noqa: N802
        self.depth += 1

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:  # noqa: N802
        self.depth -= 1

    def visit_ClassDef(self, node: cst.ClassDef) -> None:  # noqa: N802
        self.depth += 1

    def leave_ClassDef(self, original_node: cst.ClassDef) -> None:  # noqa: N802
        self.depth -= 1

    def visit_Lambda(self, node: cst.Lambda) -> None:  # noqa: N802
        self.depth += 1

    def leave_Lambda(self, original_node: cst.Lambda) -> None:  # noqa: N802
        self.depth -= 1

    def _note(self, target: Path | None, names: frozenset[str] | None, node: cst.CSTNode
              ) -> None:
        stmt = node
        while stmt in self.parents and not isinstance(stmt, cst.BaseSmallStatement):
            stmt = self.parents[stmt]
        text = code_of(stmt if isinstance(stmt, cst.BaseSmallStatement) else node).strip()
        text = text if len(text) <= 60 else text[:56] + " ..."
        self.found.append(NamespaceChange(target, names, self.path,
                                          self.positions[node].start.line, text))

    # -- module objects -------------------------------------------------------------
    def _module_of(self, node: cst.BaseExpression) -> tuple[bool, Path | None]:
        """(whether `node` is a module object of the tree, which one: None when unknown)."""
        if isinstance(node, cst.Subscript) and self.imports.resolve(node.value) == "sys.modules":
            return True, self._named_module(node)
        qualified = self.imports.resolve(node)
        head = (dotted_head(node) or "")
        if qualified is None or head not in self.imports.names:
            return False, None
        target = find_module_file(qualified, self.path)
        return (True, target.resolve()) if target is not None else (False, None)

    def _named_module(self, sub: cst.Subscript) -> Path | None:
        """The module `sys.modules[KEY]` names: this one for `__name__`, a module of the
        tree for a literal; None when unknown."""
        if len(sub.slice) != 1 or not isinstance(sub.slice[0].slice, cst.Index):
            return None
        key = sub.slice[0].slice.value
        if isinstance(key, cst.Name) and key.value == "__name__":
            return self.path
        text = literal_string(key)
        if text is not None:
            found = find_module_file(text, self.path)
            return found.resolve() if found is not None else self.path.parent / "<outside>"
        return None

    def _namespace_dict(self, node: cst.BaseExpression) -> tuple[bool, Path | None]:
        """(whether `node` is the namespace dict of a module, which one)."""
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Name):
            fn = node.func.value
            if fn in ("globals", "vars") and not node.args and fn not in self.imports.names:
                return True, self.path
            if fn == "locals" and not node.args and self.depth == 0:
                return True, self.path
            if fn == "vars" and len(node.args) == 1:
                return self._module_of(node.args[0].value)
        if isinstance(node, cst.Attribute) and node.attr.value == "__dict__":
            return self._module_of(node.value)
        return False, None

    def on_leave(self, original_node: cst.CSTNode) -> None:
        if isinstance(original_node, cst.BaseExpression):
            self._expression(original_node)
        super().on_leave(original_node)

    def _expression(self, node: cst.BaseExpression) -> None:
        is_ns, target = self._namespace_dict(node)
        if is_ns:
            changed = self._dict_use(node)
            if changed is not False:
                self._note(target, changed, node)
            return
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and \
                node.func.value in ("setattr", "delattr") and node.args:
            is_mod, target = self._module_of(node.args[0].value)
            if is_mod:
                name = literal_string(node.args[1].value) if len(node.args) > 1 else None
                self._note(target, frozenset({name}) if name is not None else None, node)
            return
        if isinstance(node, cst.Attribute):
            parent = self.parents.get(node)
            if _stored(node, parent):
                is_mod, target = self._module_of(node.value)
                if is_mod:
                    self._note(target, frozenset({node.attr.value}), node)
            return
        if isinstance(node, cst.Subscript) and self.imports.resolve(node.value) == "sys.modules":
            parent = self.parents.get(node)
            if _stored(node, parent) and not isinstance(parent, cst.Del) \
                    and not self._installs_fresh(parent):
                self._note(self._named_module(node), None, node)

    def _installs_fresh(self, target: cst.CSTNode | None) -> bool:
        """`sys.modules[k] = m` where `m` is bound, in the same function, to a module just
        made (`importlib.util.module_from_spec(...)`, `types.ModuleType(...)`): a loader
        installing what it builds, before running its file, changes no namespace."""
        assign = self.parents.get(target) if isinstance(target, cst.AssignTarget) else None
        if not isinstance(assign, cst.Assign) or not isinstance(assign.value, cst.Name):
            return False
        scope: cst.CSTNode | None = assign
        while scope is not None and not isinstance(scope, (cst.FunctionDef, cst.Module)):
            scope = self.parents.get(scope)
        found = _FreshModules(assign.value.value)
        if scope is not None:
            scope.visit(found)
        return found.fresh and not found.other

    def _dict_use(self, node: cst.BaseExpression) -> frozenset[str] | bool | None:
        """False: this use of a namespace dict only reads it; else the names it changes
        (None: any)."""
        parent = self.parents.get(node)
        if isinstance(parent, cst.Subscript) and parent.value is node:
            if not _stored(parent, self.parents.get(parent)):
                return False
            key = parent.slice[0].slice if len(parent.slice) == 1 else None
            name = literal_string(key.value) if isinstance(key, cst.Index) else None
            return frozenset({name}) if name is not None else None
        if isinstance(parent, cst.Attribute) and parent.value is node:
            call = self.parents.get(parent)
            method = parent.attr.value
            if not (isinstance(call, cst.Call) and call.func is parent):
                return None
            if method in READ_METHODS:
                return False
            if method == "update" and all(a.keyword is not None for a in call.args):
                return frozenset(a.keyword.value for a in call.args if a.keyword is not None)
            if method in _KEYED and call.args:
                name = literal_string(call.args[0].value)
                return frozenset({name}) if name is not None else None
            return None
        if isinstance(parent, (cst.For, cst.CompFor)) and parent.iter is node:
            return False
        if isinstance(parent, cst.ComparisonTarget) and parent.comparator is node:
            return False  # `"X" in globals()`
        if isinstance(parent, (cst.StarredElement, cst.StarredDictElement)):
            return False  # `{*globals()}`: its names, read
        return None


class _FreshModules(cst.CSTVisitor):
    """The bindings of `name` in a scope: all to a just-made module object, or not."""

    _MAKERS = frozenset({"module_from_spec", "ModuleType"})

    def __init__(self, name: str) -> None:
        self.name, self.fresh, self.other = name, False, False

    def visit_Assign(self, node: cst.Assign) -> None:  # noqa: N802
        if not any(isinstance(t.target, cst.Name) and t.target.value == self.name
                   for t in node.targets):
            return
        call = node.value
        func = call.func if isinstance(call, cst.Call) else None
        last = func.attr.value if isinstance(func, cst.Attribute) else \
            func.value if isinstance(func, cst.Name) else None
        if last in self._MAKERS:
            self.fresh = True
        else:
            self.other = True


def dotted_head(node: cst.BaseExpression) -> str | None:
    while isinstance(node, cst.Attribute):
        node = node.value
    return node.value if isinstance(node, cst.Name) else None


def _stored(node: cst.CSTNode, parent: cst.CSTNode | None) -> bool:
    """Whether `node` is what an assignment, augmented assignment or `del` targets."""
    if isinstance(parent, (cst.AssignTarget, cst.AnnAssign, cst.AugAssign)) and \
            parent.target is node:
        return True
    if isinstance(parent, cst.Del) and parent.target is node:
        return True
    return False
