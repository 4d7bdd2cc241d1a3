"""Names a write removes, resolved across the whole tree given (the unit of a migration).

A migrated module loses top-level names: kernel classes replaced by functions, private
constants and bases only the migrated kernels used, imports nothing reads any more. Any
of them may still be used: by code of the same module that stays (a kernel left legacy
calling `Other().compute(ctx)`, a generated kernel calling `Other.helper(...)`), by its
`__all__`, or by another module of the tree (`from .acts import Kernel`,
`import pkg.acts as a; a.Kernel`). Uses in the module are found with LibCST's
`ScopeProvider` on the migrated text; uses elsewhere by the names LibCST's
`FullyQualifiedNameProvider` gives (`qualified_names`: relative imports resolved from
each file's package by `FullRepoManager`).

`broken_names` says which removed names are still used, and by what.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import libcst as cst
from libcst.helpers import (
    calculate_module_and_package,
    get_absolute_module_from_package_for_import,
)
from libcst.metadata import (
    Access,
    BuiltinScope,
    GlobalScope,
    QualifiedName,
    ScopeProvider,
)

from migrate.cst_walk import wrapper_of
from migrate.qualified_names import fully_qualified
from migrate.source_files import file_state
from migrate.static_refs import literal_string


@dataclass(frozen=True)
class Use:
    """A removed top-level `name` of a module that something still uses (`user`: words)."""

    name: str
    user: str


_SKIP_DIRS = {"__pycache__", ".venv", "build", "dist"}
_STAR = re.compile(r"\bimport\s+\*")


def package_root(path: Path) -> Path:
    """The folder above the outermost package holding `path` (its own folder if none)."""
    d = path.resolve().parent
    while (d / "__init__.py").is_file():
        d = d.parent
    return d



def tree_paths(here: Path, include_self: bool = False) -> Iterator[tuple[Path, Path]]:
    """The modules of `here`'s tree (the outermost package holding it; `here` alone outside
    any package), each with its path from above that package, `here` only with
    `include_self`."""
    root = package_root(here)
    if root == here.parent:  # a module outside any package: it is its own tree
        if include_self:
            yield here, Path(here.name)
        return
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        if not path.is_file() or (path.resolve() == here and not include_self) or any(
                p in _SKIP_DIRS or p.startswith(".") for p in rel.parts[:-1]):
            continue
        yield path, rel


def module_name(path: Path, root: Path) -> str:
    rel = path.resolve().relative_to(root).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def reads_module_binding(access: Access) -> bool:
    """Whether `access` reads the module-level binding of its name (or, with none, a
    builtin or nothing): no local, enclosing-function or class binding of the same
    spelling is what it reads (judged by binding, not by spelling)."""
    return all(isinstance(a.scope, (GlobalScope, BuiltinScope)) for a in access.referents)


def top_level_names(module: cst.Module) -> set[str]:
    scope = wrapper_of(module).resolve(ScopeProvider)[module]
    return {a.name for a in scope.assignments}


def _all_names(module: cst.Module) -> set[str]:
    """The strings of a top-level `__all__ = [...]` / `(...)` (augmented ones too)."""
    out: set[str] = set()
    for stmt in module.body:
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for small in stmt.body:
            targets: list[cst.BaseExpression] = []
            if isinstance(small, cst.Assign):
                targets = [t.target for t in small.targets]
            elif isinstance(small, (cst.AugAssign, cst.AnnAssign)):
                targets = [small.target]
            if not any(isinstance(t, cst.Name) and t.value == "__all__" for t in targets):
                continue
            value = small.value
            if isinstance(value, (cst.List, cst.Tuple, cst.Set)):
                out.update(s for e in value.elements if (s := literal_string(e.value)))
    return out


def _statement_label(stmt: cst.CSTNode) -> str:
    if isinstance(stmt, cst.ClassDef):
        return f"class {stmt.name.value}"
    if isinstance(stmt, cst.FunctionDef):
        return f"`{stmt.name.value}`"
    return "a module-level statement"


class _ImportedNames(cst.CSTVisitor):
    """The qualified names the import statements of a module bind, anywhere in it:
    `from .acts import K as L` -> `pkg.acts.K`, `from pkg.acts import *` -> `pkg.acts.*`,
    `import pkg.acts` -> `pkg.acts` (relative imports resolved from `package`). LibCST's
    FullyQualifiedNameProvider names the later reads of such a name, not the import
    itself: a re-export read nowhere else is found here."""

    def __init__(self, package: str) -> None:
        self.package = package
        self.names: set[str] = set()

    def visit_Import(self, node: cst.Import) -> None:  # noqa: N802
        for alias in node.names:
            dotted = _dotted(alias.name)
            if dotted:
                self.names.add(dotted)

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:  # noqa: N802
        module = get_absolute_module_from_package_for_import(self.package or None, node)
        if module is None:
            return
        if isinstance(node.names, cst.ImportStar):
            self.names.add(f"{module}.*")
            return
        for alias in node.names:
            dotted = _dotted(alias.name)
            if dotted:
                self.names.add(f"{module}.{dotted}")


def _dotted(node: cst.BaseExpression) -> str:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        head = _dotted(node.value)
        return f"{head}.{node.attr.value}" if head else ""
    return ""


def imported_names(module: cst.Module, path: Path, root: Path) -> set[str]:
    """The qualified names `path`'s import statements bind (see `_ImportedNames`)."""
    package = calculate_module_and_package(str(root), str(path.resolve())).package
    visitor = _ImportedNames(package)
    module.visit(visitor)
    return visitor.names


def star_bound(path: Path, names: set[str]) -> set[str]:
    """Which of `names` (top-level names of `path`) `from <path's module> import *` binds:
    those its `__all__` lists, else the public ones."""
    try:
        module = cst.parse_module(path.read_text(encoding="utf-8", errors="replace"))
    except (cst.ParserSyntaxError, OSError):
        return set(names)
    listed = _all_names(module)
    return names & listed if listed else {n for n in names if not n.startswith("_")}


class _Names(cst.CSTVisitor):
    def __init__(self) -> None:
        self.ids: set[int] = set()

    def visit_Name(self, node: cst.Name) -> None:  # noqa: N802
        self.ids.add(id(node))


def removed_and_used(old_names: frozenset[str], new_text: str
                     ) -> tuple[frozenset[str], tuple[Use, ...]]:
    """The names of `old_names` (a module's top-level names before its migration) that
    the migrated text `new_text` no longer binds at its top level, and those of them it
    still reads (it would raise NameError) or exports: one scope analysis of the text.
    Only reads of the module-level name count: a function's own `t` (a local, a
    parameter, a loop variable) named like a removed module-level loop variable is not
    a use of it; a `global t` read is."""
    return _removed_and_used(old_names, new_text)


@functools.lru_cache(maxsize=1024)  # a run asks again for each round of kept names
def _removed_and_used(old_names: frozenset[str], new_text: str
                      ) -> tuple[frozenset[str], tuple[Use, ...]]:
    module = cst.parse_module(new_text)
    resolved = wrapper_of(module).resolve(ScopeProvider)
    top = resolved[module]
    removed = old_names - {a.name for a in top.assignments} if top is not None else old_names
    scopes = {s for s in resolved.values() if s is not None}
    where: dict[int, str] = {}
    for stmt in module.body:
        v = _Names()
        stmt.visit(v)
        label = _statement_label(stmt)
        where.update(dict.fromkeys(v.ids, label))
    out: list[Use] = []
    for name in sorted(removed):
        users = sorted({where.get(id(a.node), "the module") for s in scopes
                        for a in s.accesses[name] if reads_module_binding(a)})
        if users:
            out.append(Use(name, ", ".join(users)))
    exported = _all_names(module) & removed
    out.extend(Use(n, "its `__all__`") for n in sorted(exported))
    return frozenset(removed), tuple(out)


def uses_elsewhere(removed: dict[Path, set[str]], files: Iterable[Path]) -> dict[Path, list[Use]]:
    """Per module of `removed`: its removed names other modules of `files` still use,
    resolved with LibCST's FullRepoManager (one per package root)."""
    files = [f for f in files if f.suffix == ".py" and f.is_file() and not f.is_symlink()]
    wanted: dict[Path, set[str]] = {p.resolve(): ns for p, ns in removed.items() if ns}
    if not wanted:
        return {}
    all_names = set().union(*wanted.values())
    stems = {p.parent.name if p.stem == "__init__" else p.stem for p in wanted}
    by_root: dict[Path, list[Path]] = {}
    for f in files:
        try:
            text = f.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        # to use a name of a module, a file names the module (`from .acts import X`,
        # `import pkg.acts`) and the name: only such files are resolved
        if f.resolve() in wanted or (any(s in text for s in stems) and (
                _STAR.search(text) or any(n in text for n in all_names))):
            by_root.setdefault(package_root(f), []).append(f.resolve())
    out: dict[Path, list[Use]] = {}
    for root, members in by_root.items():
        targets = {f"{module_name(p, root)}.{n}": (p, n) for p in members if p in wanted
                   for n in wanted[p]}
        users = [p for p in members if p not in wanted or len(members) > 1]
        if not targets or not users:
            continue
        stars = {f"{module_name(p, root)}.*": p for p in members if p in wanted}
        for user in users:
            found = _qualified_reads(root, user)
            if found is None:
                continue
            hits = {targets[q] for q in found if q in targets}
            for star in found & stars.keys():
                hits.update((stars[star], n) for n in star_bound(stars[star],
                                                                  wanted[stars[star]]))
            shown = os.path.relpath(user, root)
            for path, name in sorted(hits):
                if path != user:
                    out.setdefault(path, []).append(Use(name, shown))
    return out


#: per package root and version of a file (`file_state`): the qualified names it imports
#: or reads (None: it does not parse); a run asks again for each round of kept names
_READS: dict[tuple[Path, tuple[Path, int, int]], frozenset[str] | None] = {}


def _qualified_reads(root: Path, user: Path) -> frozenset[str] | None:
    """What `user` (a module under `root`) imports or reads, by the qualified names LibCST's
    FullyQualifiedNameProvider gives (`qualified_names`); an import of a name is a use (a
    re-export read nowhere else is one too)."""
    try:
        key = (root, file_state(user))
    except OSError:
        return None
    if key not in _READS:
        try:
            module = cst.parse_module(user.read_bytes())
        except (cst.ParserSyntaxError, OSError, UnicodeDecodeError):
            _READS[key] = None
            return None
        _READS[key] = _reads(module, user, root, fully_qualified(module, user, root))
    return _READS[key]


def note_reads(path: Path, state: tuple[Path, int, int], module: cst.Module,
               resolved: Mapping[cst.CSTNode, Collection[QualifiedName]]) -> None:
    """Keep what `path` (at `state`) reads, from a resolution of its `module`."""
    root = package_root(path)
    _READS[(root, state)] = _reads(module, path, root, resolved)


def _reads(module: cst.Module, path: Path, root: Path,
           resolved: Mapping[cst.CSTNode, Collection[QualifiedName]]) -> frozenset[str]:
    found = imported_names(module, path, root)
    for node, qnames in resolved.items():
        if isinstance(node, (cst.Name, cst.Attribute)):
            found.update(q.name for q in qnames)
    return frozenset(found)


def importers(modules: Iterable[Path], files: Iterable[Path]) -> dict[Path, set[Path]]:
    """Per file of `files`: which of `modules` it imports (any name under the module's
    qualified name, relative imports resolved), by LibCST's FullRepoManager."""
    wanted = {p.resolve() for p in modules}
    files = [f.resolve() for f in files
             if f.suffix == ".py" and f.is_file() and not f.is_symlink()]
    by_root: dict[Path, list[Path]] = {}
    for f in files:
        by_root.setdefault(package_root(f), []).append(f)
    out: dict[Path, set[Path]] = {}
    for root, members in by_root.items():
        names = {module_name(p, root): p for p in members if p in wanted}
        if not names:
            continue
        stems = {p.parent.name if p.stem == "__init__" else p.stem for p in names.values()}
        users = [p for p in members if _mentions(p, stems)]
        if not users:
            continue
        for user in users:
            try:
                module = cst.parse_module(user.read_bytes())
            except (cst.ParserSyntaxError, OSError, UnicodeDecodeError):
                continue
            found = imported_names(module, user, root)
            found.update(q.name for qnames in fully_qualified(module, user, root).values()
                         for q in qnames)
            for q in found:
                for name, module in names.items():
                    if module != user and (q == name or q.startswith(name + ".")):
                        out.setdefault(user, set()).add(module)
    return out


def _mentions(path: Path, words: set[str]) -> bool:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    return any(w in text for w in words)
