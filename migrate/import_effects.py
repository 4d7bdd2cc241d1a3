"""What importing a module of the tree does, for an import statement whose names nothing
reads any more after the rewrite: it may go only when every module it ran is still run
(the module's other imports run it, or a star import of theirs does) or runs nothing but
definitions (no registration, no call at its top level). Otherwise importing it registers
something, and the statement stays, marked `# noqa: F401` with why.
"""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import libcst.matchers as m

from migrate.source_files import SourceError
from migrate.static_refs import FIRST_PARTY, dotted, load_module
from migrate.tree_names import package_root

#: the trailing comment of an import kept only for what importing its module does
KEPT_COMMENT = "# noqa: F401 (fluidphi migrate: kept, importing it registers ops)"
#: calls a module may make at its top level and still run nothing but definitions
_PURE_CALLS = frozenset({"tuple", "list", "dict", "set", "frozenset", "staticmethod",
                         "classmethod", "property", "range", "len", "sorted", "str", "int",
                         "float", "bool"})


def module_file(importer: Path, module: str) -> Path | None:
    """The file `module` (relative `.a.b` or absolute `pkg.a`) names from `importer`,
    when it is a module or package of the tree."""
    level = len(module) - len(module.lstrip("."))
    parts = [p for p in module.lstrip(".").split(".") if p]
    if level:
        bases = [importer.resolve().parents[level - 1]]
    else:  # the framework's modules are no module of the tree, whatever the tree
        root = package_root(importer)
        bases = [root] if parts and parts[0] not in FIRST_PARTY and (
            root / parts[0]).exists() else []
    for base in bases:
        target = base.joinpath(*parts)
        for cand in (target / "__init__.py", target.with_suffix(".py")):
            if (parts or level) and cand.is_file():
                return cand.resolve()
    return None


def _with_packages(path: Path) -> set[Path]:
    """`path` and the `__init__.py` of every package above it (importing it runs them)."""
    out = {path}
    d = path.parent
    while (d / "__init__.py").is_file():
        out.add((d / "__init__.py").resolve())
        d = d.parent
    return out


def statement_runs(importer: Path, stmt: cst.ImportFrom | cst.Import) -> set[Path] | None:
    """The files of the tree an import statement runs (`from . import sub` runs sub.py);
    None when one cannot be found (then the statement stays)."""
    out: set[Path] = set()
    if isinstance(stmt, cst.Import):
        for alias in stmt.names:
            found = module_file(importer, dotted(alias.name) or "")
            out |= _with_packages(found) if found else set()
        return out
    spelled = "." * len(stmt.relative) + (dotted(stmt.module) if stmt.module else "")
    found = module_file(importer, spelled)
    if found is None:
        return None if stmt.relative else set()
    out |= _with_packages(found)
    if not isinstance(stmt.names, cst.ImportStar):
        for alias in stmt.names:
            sub = module_file(importer, f"{spelled.rstrip('.')}.{dotted(alias.name)}"
                              if spelled.strip(".") else f"{spelled}{dotted(alias.name)}")
            out |= _with_packages(sub) if sub else set()
    return out


def still_run(importer: Path, head: list[cst.CSTNode]) -> set[Path]:
    """The files of the tree that importing `importer` with `head` (its import statements
    as written) runs for sure: itself and its packages, what each import runs, and what
    the star imports of those run in turn (star imports are never removed)."""
    done = _with_packages(importer.resolve())
    todo = [s for stmt in head for s in _imports_of(stmt)]
    files = {f for s in todo for f in statement_runs(importer, s) or ()}
    pending = sorted(files - done)
    done |= files
    while pending:
        path = pending.pop()
        for stmt in _top_imports(path):
            if isinstance(stmt, cst.ImportFrom) and isinstance(stmt.names, cst.ImportStar):
                new = (statement_runs(path, stmt) or set()) - done
                done |= new
                pending.extend(sorted(new))
    return done


def runs_only_definitions(path: Path, seen: frozenset[Path] = frozenset()) -> bool:
    """Whether importing `path` defines things and nothing more: its top level is imports
    (those of the tree again such modules), undecorated functions and classes, and
    assignments, with no call but of a few builtins."""
    if path in seen:
        return True
    try:
        module = load_module(path)[0]
    except (cst.ParserSyntaxError, SourceError, OSError):
        return False
    for stmt in module.body:
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, (cst.Import, cst.ImportFrom)):
                    runs = statement_runs(path, small)
                    if runs is None or not all(runs_only_definitions(f, seen | {path})
                                               for f in runs - _with_packages(path)):
                        return False
                elif not isinstance(small, (cst.Assign, cst.AnnAssign, cst.Expr, cst.Pass)) \
                        or not _calls_only_pure(small) or (
                            isinstance(small, cst.Expr) and not isinstance(
                                small.value, (cst.SimpleString, cst.ConcatenatedString))):
                    return False
        elif isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
            if stmt.decorators or not _definition_is_pure(stmt):
                return False
        else:
            return False
    return True


def _definition_is_pure(node: cst.FunctionDef | cst.ClassDef) -> bool:
    """What defining it runs: defaults of a function; bases and the body of a class."""
    if isinstance(node, cst.FunctionDef):
        return _calls_only_pure(node.params)
    if any(a.keyword is not None for a in node.bases) or not all(
            _calls_only_pure(a) for a in node.bases):
        return False
    for stmt in node.body.body:
        if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
            if any(not m.matches(d.decorator, m.Name()) or
                   cst.ensure_type(d.decorator, cst.Name).value not in _PURE_CALLS
                   for d in stmt.decorators) or not _definition_is_pure(stmt):
                return False
        elif not (isinstance(stmt, cst.SimpleStatementLine) and _calls_only_pure(stmt)):
            return False
    return True


def _calls_only_pure(node: cst.CSTNode) -> bool:
    return all(m.matches(c, m.Call(func=m.Name())) and
               cst.ensure_type(cst.ensure_type(c, cst.Call).func, cst.Name).value in _PURE_CALLS
               for c in m.findall(node, m.Call()))


def _imports_of(stmt: cst.CSTNode) -> list[cst.Import | cst.ImportFrom]:
    if not isinstance(stmt, cst.SimpleStatementLine):
        return []
    return [s for s in stmt.body if isinstance(s, (cst.Import, cst.ImportFrom))]


def _top_imports(path: Path) -> list[cst.Import | cst.ImportFrom]:
    try:
        module = load_module(path)[0]
    except (cst.ParserSyntaxError, SourceError, OSError):
        return []
    return [s for stmt in module.body for s in _imports_of(stmt)]


def droppable(importer: Path | None, stmt: cst.ImportFrom, kept_head: list[cst.CSTNode]
              ) -> bool:
    """Whether the import statement `stmt` of `importer`, none of whose names is read any
    more, may go: every file it runs is still run by `kept_head` or runs only
    definitions."""
    if importer is None:
        return False
    runs = statement_runs(importer, stmt)
    if runs is None:
        return False
    left = runs - still_run(importer, kept_head)
    return all(runs_only_definitions(f) for f in left)
