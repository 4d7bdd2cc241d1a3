"""The migrated module's imports: add what the generated kernels need, drop what nothing
uses any more, in the place and order isort would give them.
"""

from __future__ import annotations

import keyword
import sys
from pathlib import Path
from typing import Any

import libcst as cst
import libcst.matchers as m
from libcst.codemod import CodemodContext
from libcst.codemod.visitors import AddImportsVisitor, RemoveImportsVisitor

from migrate import emit
from migrate.cst_walk import child_nodes, find_all
from migrate.import_effects import FIRST_PARTY, KEPT_COMMENT, droppable, module_file
from migrate.kernel_model import SkipError
from migrate.moved_reads import bound_name, split_alias
from migrate.names import isort_key
from migrate.static import ModuleInfo
from migrate.static_refs import code_of, dotted, iter_top_statements, literal_string
from migrate.syntax import blank
from migrate.tree_origins import origin_of


def name_counts(node: cst.CSTNode) -> dict[str, int]:
    """How often each name is used outside import statements: its `Name`s (not an
    attribute's name after the dot: `mod.name` reads `mod`) and the identifiers spelled
    as strings (quoted annotations, `__all__`). Read from the nodes' fields, not by a
    visitor (which would rebuild every node)."""
    counts: dict[str, int] = {}
    todo = [node]
    while todo:
        n = todo.pop()
        if isinstance(n, cst.Name):
            counts[n.value] = counts.get(n.value, 0) + 1
        elif isinstance(n, cst.SimpleString):
            value = literal_string(n)
            if value and value.isidentifier():
                counts[value] = counts.get(value, 0) + 1
        elif isinstance(n, cst.Attribute):
            todo.append(n.value)
        elif not isinstance(n, (cst.Import, cst.ImportFrom)):
            todo.extend(child_nodes(n))
    return counts


def _import_text(module: str, names: list[str]) -> str:
    one = f"from {module} import {', '.join(names)}"
    if len(one) <= emit.WIDTH:
        return one + "\n"
    return f"from {module} import (\n" + "".join(f"    {n},\n" for n in names) + ")\n"


def _alias_text(alias: cst.ImportAlias) -> str:
    name = dotted(alias.name) or ""
    if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
        return f"{name} as {alias.asname.name.value}"
    return name


def _is_framework_name(qualified: str, name: str) -> bool:
    """`qualified` names the framework's own `name` (`phi.common.DataType`)."""
    parts = qualified.split(".")
    return parts[-1] == name and parts[0] in ("phi", "compat")


def _reexports_framework_name(info: ModuleInfo, name: str) -> bool:
    """`name` reaches this module through the tree's re-exports (`from .base import
    DataType`, base.py importing it from phi.common) from the framework's own `name`."""
    if info.path is None:
        return False
    origin = origin_of(info.path, name)
    return origin is not None and _is_framework_name(origin.qualified, name)


def _alias(name: str) -> str:
    return ("phi_" if name[:1].islower() else "Phi") + name


def framework_aliases(info: ModuleInfo) -> dict[str, str]:
    """The names the generated code needs (`emit.IMPORT_SOURCES`) that this module binds
    to something else (its own `register_kernel` helper), each with the alias the new code
    imports it as (`register_kernel as phi_register_kernel`); a name whose alias the module
    binds too has none (the write is refused, naming the clash)."""
    names = info.module_names()
    out: dict[str, str] = {}
    for name in sorted(set(emit.IMPORT_SOURCES) - info.imports.starred):
        bound = info.imports.names.get(name)
        if bound is not None and (_is_framework_name(bound, name)
                                  or _reexports_framework_name(info, name)):
            continue
        if (bound is not None or name in names) and _alias(name) not in names:
            out[name] = _alias(name)
    return out


class _Renamer(cst.CSTTransformer):
    """Every `Name` of `names` renamed (attribute names after a dot are no `Name`s read)."""

    def __init__(self, names: dict[str, str]) -> None:
        self.names = names

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.Name:  # noqa: N802
        return updated.with_changes(value=self.names.get(updated.value, updated.value))

    def leave_Attribute(self, original: cst.Attribute,  # noqa: N802
                        updated: cst.Attribute) -> cst.Attribute:
        return updated.with_changes(attr=original.attr)


def renamed(node: Any, names: dict[str, str]) -> Any:
    """`node` (generated code only) with the framework names it reads under their aliases."""
    return node.visit(_Renamer(names)) if names else node


def fix_imports(info: ModuleInfo, new: cst.Module, needed: set[str],
                modules: set[str] = frozenset(),  # type: ignore[assignment]
                keep: frozenset[str] = frozenset(),
                functions: set[tuple[str, str]] = frozenset(),  # type: ignore[assignment]
                aliases: dict[str, str] | None = None) -> cst.Module:
    """`new` with the imports the generated code needs (`needed` names from
    `emit.IMPORT_SOURCES`, plain `modules`, `functions` of other modules as (module, name))
    and without those only removed code used.

    LibCST's `AddImportsVisitor` adds them (merged into an existing `from M import`) and
    `RemoveImportsVisitor` drops, of the imports the removed statements referenced, those
    nothing in the new module uses (scope analysis), except `keep` (names another module
    of the tree imports from this one); `aliases` (`framework_aliases`): needed names the
    module binds otherwise, imported under their alias. What LibCST does not do is kept
    here: refusing a name the module binds to something else, and isort's order (new
    statements where isort puts them, names within a statement sorted, long ones wrapped).
    """
    aliases = {n: a for n, a in (aliases or {}).items() if n in needed}
    reexported: set[str] = set()  # bound through the tree's re-exports: no second import
    for name in sorted(needed - info.imports.starred - set(aliases)):  # star-bound: below
        bound = info.imports.names.get(name)
        if bound is not None:
            if _is_framework_name(bound, name):
                source = info.imports.from_modules.get(name, "")
                if not source.startswith(("phi.", "compat.")):
                    reexported.add(name)  # the tree's re-export of it (`reexports.follow`)
                continue
            if _reexports_framework_name(info, name):
                reexported.add(name)
                continue
            raise SkipError(f"name '{name}' is bound to {bound} in this module")
        if name in info.module_names():
            raise SkipError(f"name '{name}' is already defined in this module")
    for spelled in sorted(modules):  # `import numpy as np` spelled "numpy as np"
        mod, bound = split_alias(spelled)[0], bound_name(spelled)
        if bound in info.imports.starred:
            continue
        if bound in info.module_names() and info.imports.names.get(bound) != mod:
            raise SkipError(f"name '{bound}' is bound to something else in this module")
    for star, exported in info.ev.star_exports().items():
        wanted = sorted({aliases.get(n, n) for n in needed} | {bound_name(n) for n in modules}
                        | {bound_name(fn) for _, fn in functions})
        if exported is None and wanted:
            raise SkipError(f"`from {star} import *` is not a module of this tree, so it may "
                            f"rebind a name the new code needs ({', '.join(wanted)})")
        for name in wanted:  # the same import through the star is no clash
            bound = (exported or {}).get(name)
            same = f"{emit.IMPORT_SOURCES[name]}.{name}" if name in needed else name
            if name in aliases.values():
                same = next(f"{emit.IMPORT_SOURCES[n]}.{n}" for n, a in aliases.items()
                            if a == name)
            if bound is not None and bound != same and not (
                    name in needed and _reexports_framework_name(info, name)):
                raise SkipError(f"`from {star} import *` binds '{name}', a name the new code "
                                "needs, to something else")
    kept = set(new.body)
    origins = info.factories.origins if info.factories is not None else {}
    removed = cst.Module(body=[s for stmt in info.module.body if stmt not in kept
                               for s in (stmt, origins.get(id(stmt)))
                               if s is not None])
    context = CodemodContext()
    head, rest = _split_head(new)
    # keywords (a `lambda` counted from an attribute's name) can name no import
    used = sorted(n for n in set(name_counts(cst.Module(body=rest))) - {"_fluidphi_uses"}
                  if not keyword.iskeyword(n))
    removals: list[tuple[str, str | None, str | None]] = []
    # the imports the removed statements read go, unless the new module still reads them
    # (RemoveImportsVisitor decides by LibCST's scope analysis, on a skeleton of the new
    # module: its import block and one statement naming every name the rest reads; a name
    # that statement reads is kept, so it is not asked about)
    for local in (set(name_counts(removed)) & set(info.imports.names)) - keep - \
            info.imports.starred - set(used):
        removals.extend(_removals(info, local))
    for name in sorted(needed - reexported):
        AddImportsVisitor.add_needed_import(context, emit.IMPORT_SOURCES[name], name,
                                            asname=aliases.get(name))
    for spelled in sorted(modules):
        mod, asname = split_alias(spelled)
        AddImportsVisitor.add_needed_import(context, mod, asname=asname)
    for mod, spelled in sorted(functions):  # other modules' kernels composed: `from .m import f`
        level = len(mod) - len(mod.lstrip("."))
        fn, asname = split_alias(spelled)
        AddImportsVisitor.add_needed_import(context, mod.lstrip("."), fn, asname=asname,
                                            relative=level)
    before = {_text(stmt) for stmt in head if _is_import(stmt)}
    # only the names an import of the head could bind matter to the visitors (a shorter
    # statement: each visitor pass walks every node of the skeleton)
    spelled = {n.value for n in find_all(cst.Module(body=head), m.Name())}
    uses = cst.parse_statement(
        f"_fluidphi_uses = ({', '.join([*(n for n in used if n in spelled), ''])})\n")
    skeleton = cst.Module(body=[*head, uses], header=new.header)
    # LibCST keeps one removal request per module (`import m` and `import m as x` clash):
    # one pass for each request of a module
    passes: dict[tuple[str, str | None], list[str | None]] = {}
    for module, obj, asname in dict.fromkeys(removals):
        passes.setdefault((module, obj), []).append(asname)
    for n in range(max((len(a) for a in passes.values()), default=0)):
        step = CodemodContext()
        for (module, obj), asnames in passes.items():
            if n < len(asnames):
                RemoveImportsVisitor.remove_unused_import(step, module, obj, asname=asnames[n])
        skeleton = RemoveImportsVisitor(step).transform_module(skeleton)
    if needed - reexported or modules or functions:  # else it has nothing to add
        skeleton = AddImportsVisitor(context).transform_module(skeleton)
    head = [stmt for stmt in skeleton.body if _text(stmt) != _text(uses)]
    unused = {local for local in set(name_counts(removed)) & set(info.imports.names)
              if _of_tree(info, local)} - keep - set(used) - info.imports.starred
    head = _tidy_tree_imports(head, unused, info.path, before, set(used))
    # kept only for the modules importing them from here: an explicit re-export
    head = _reexported(head, (set(name_counts(removed)) & keep) - set(used))
    before |= {_text(stmt) for stmt in head if _tree_import(stmt, info.path) is not None}
    out = _isort_order(new.with_changes(body=[*head, *rest]), before)
    return _space_after_docstring(info.module, out)


class _Reexport(cst.CSTTransformer):
    def __init__(self, names: set[str]) -> None:
        self.names = names

    def leave_ImportAlias(self, original: cst.ImportAlias,  # noqa: N802
                          updated: cst.ImportAlias) -> cst.ImportAlias:
        if updated.asname is None and isinstance(updated.name, cst.Name) and \
                updated.name.value in self.names:
            return updated.with_changes(asname=cst.AsName(name=cst.Name(updated.name.value)))
        return updated


def _reexported(head: list[Any], names: set[str]) -> list[Any]:
    """`from m import X as X` (the explicit re-export of PEP 484 and ruff's F401) for the
    imported `names` nothing in the module reads any more but other modules import."""
    if not names:
        return head
    return [stmt.visit(_Reexport(names)) if _is_import(stmt) else stmt for stmt in head]


def _space_after_docstring(old: cst.Module, new: cst.Module) -> cst.Module:
    """The blank lines the module had after its docstring, where the first statement after
    it was removed (an import only the removed code used) and took them along."""
    docstring = m.SimpleStatementLine(body=[m.Expr(value=m.SimpleString())])
    if len(old.body) < 2 or len(new.body) < 2 or not m.matches(old.body[0], docstring):
        return new
    if _text(new.body[0]) != _text(old.body[0]) or new.body[1].leading_lines or \
            _text(new.body[1]) == _text(old.body[1]):
        return new
    body = list(new.body)
    body[1] = body[1].with_changes(leading_lines=old.body[1].leading_lines)
    return new.with_changes(body=body)


def _of_tree(info: ModuleInfo, local: str) -> bool:
    """`local` is bound by importing a module of the tree (`from .m import x`, `from
    pkg.m import x`, `import pkg.m as m`): the statement is tidied here, not by LibCST."""
    module = info.imports.from_modules.get(local)
    if module is None:  # `import a.b as c`: the module itself
        module = info.imports.names.get(local, "")
    return module.startswith(".") or (
        info.path is not None and module_file(info.path, module) is not None)


def _tree_import(stmt: Any, path: Path | None) -> tuple[str, cst.ImportFrom | cst.Import] | None:
    """(a key, the statement) for a lone import of modules of the tree, relative or by
    absolute name: `from .mod import a, b` and `from pkg.mod import a` keyed by the module
    as written (statements of one module merge), `import pkg.mod as m` by its own text."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
        return None
    small = stmt.body[0]
    if isinstance(small, cst.Import):
        spelled = [dotted(a.name) or "" for a in small.names]
        if path is None or not all(module_file(path, s) for s in spelled):
            return None
        return "import " + ", ".join(_alias_text(a) for a in small.names), small
    if not isinstance(small, cst.ImportFrom) or isinstance(small.names, cst.ImportStar):
        return None
    module = "." * len(small.relative) + (dotted(small.module) or "" if small.module else "")
    if small.relative or (path is not None and module_file(path, module) is not None):
        return module, small
    return None


def _module_import(key: str, smalls: list[Any], taken: set[str]) -> str | None:
    """The statement importing the module(s) of `smalls` alone, binding no name they
    imported (`from .m import K` -> `from . import m`, `from pkg.m import K` -> `import
    pkg.m`): kept only for what importing runs, it keeps no class alive; None where the
    name it binds is used in the module already, or the module is a package's own `.`."""
    if isinstance(smalls[0], cst.Import):
        spelled = list(dict.fromkeys(dotted(a.name) or "" for s in smalls for a in s.names))
        text = "import " + ", ".join(spelled) + "\n"
        bound = {s.partition(".")[0] for s in spelled}
    elif key.startswith("."):
        parent, _, leaf = key.lstrip(".").rpartition(".")
        if not leaf:
            return None
        dots = key[:len(key) - len(key.lstrip("."))]
        text, bound = f"from {dots}{parent} import {leaf}\n", {leaf}
    else:
        text, bound = f"import {key}\n", {key.partition(".")[0]}
    return None if bound & taken else text


def _head_bindings(stmts: list[Any]) -> set[str]:
    """The names the import statements `stmts` bind to something other than a top-level
    package (`from m import a as b`: b; `import a.b as c`: c; not `import a.b`'s `a`)."""
    bound: set[str] = set()
    for stmt in stmts:
        for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ():
            if isinstance(small, cst.ImportFrom) and not isinstance(small.names, cst.ImportStar):
                bound |= {bound_name(_alias_text(a)) for a in small.names}
            elif isinstance(small, cst.Import):
                bound |= {bound_name(_alias_text(a)) for a in small.names if a.asname}
    return bound


def _tidy_tree_imports(head: list[Any], unused: set[str], path: Path | None,
                       before: set[str], used: set[str]) -> list[Any]:
    """Imports of modules of the tree (which LibCST's visitors would drop whatever
    importing them does; relative ones they leave alone): names in `unused` go where their
    module stays imported (another name of the statement, or another statement of that
    module), and from-imports of one module the codemod added to or merged (a statement
    not in `before`) get their names sorted as isort does. A statement none of whose names
    is read any more goes where importing its module does nothing that is not done anyway
    (`import_effects.droppable`); else it becomes an import of the module alone
    (`_module_import`; its first name where that would bind a name the module reads
    (`used`) or binds otherwise), marked
    `# noqa: F401` with why (importing a sibling registers its ops)."""
    by_module: dict[str, list[int]] = {}
    for i, stmt in enumerate(head):
        found = _tree_import(stmt, path)
        if found is not None:
            by_module.setdefault(found[0], []).append(i)
    out = list(head)
    for key, at in by_module.items():
        smalls = [_tree_import(head[i], path)[1] for i in at]  # type: ignore[index]
        names = [_alias_text(a) for s in smalls for a in s.names]  # type: ignore[union-attr]
        kept = [n for n in names if bound_name(n) not in unused]
        if len(at) == 1 and kept == names and _text(head[at[0]]) in before:
            continue
        first = head[at[0]]
        comment = None
        if not kept:
            others = [s for j, s in enumerate(out) if s is not None and j not in at]
            if all(droppable(path, s, others) for s in smalls):
                for i in at:
                    out[i] = None
                continue
            kept, comment = names[:1], KEPT_COMMENT
            alone = _module_import(key, smalls, used | _head_bindings(
                [s for j, s in enumerate(head) if j not in at]))
        else:
            alone = None
        if alone is not None:
            text = alone
        elif isinstance(smalls[0], cst.Import):
            text = "import " + ", ".join(kept) + "\n"
        else:
            text = _import_text(key, sorted(dict.fromkeys(kept), key=isort_key))
        stmt = cst.parse_statement(text).with_changes(leading_lines=first.leading_lines)
        if comment is not None and isinstance(stmt, cst.SimpleStatementLine):
            stmt = stmt.with_changes(trailing_whitespace=cst.TrailingWhitespace(
                whitespace=cst.SimpleWhitespace("  "), comment=cst.Comment(comment)))
        out[at[0]] = stmt
        for i in at[1:]:
            out[i] = None
    return [s for s in out if s is not None]


def _removals(info: ModuleInfo, local: str) -> list[tuple[str, str | None, str | None]]:
    """The (module, name, asname) removal requests for `RemoveImportsVisitor` that drop the
    import binding `local` if nothing uses it."""
    qualified = info.imports.names[local]
    module = info.imports.from_modules.get(local)
    if _of_tree(info, local):  # `_tidy_tree_imports`' (importing it may register ops)
        return []
    if module is None and local == qualified:  # `import a.b.c` binds `a`: each such import
        return [(full, None, None) for stmt in iter_top_statements(info.module.body)
                for small in (stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ())
                for alias in (small.names if isinstance(small, cst.Import) else ())
                if alias.asname is None
                and (full := dotted(alias.name) or "").split(".")[0] == local]
    if module is None:  # `import a.b as c` binds c
        return [(qualified, None, local if local != qualified.split(".")[0] else None)]
    obj = qualified.rsplit(".", 1)[-1]
    return [(module, obj, local if local != obj else None)]


def _split_head(module: cst.Module) -> tuple[list[Any], list[Any]]:
    """The module's leading docstring and import statements, and the rest."""
    body = list(module.body)
    i = 0
    if body and isinstance(body[0], cst.SimpleStatementLine) and m.matches(
            body[0], m.SimpleStatementLine(body=[m.Expr(value=m.SimpleString())])):
        i = 1
    while i < len(body) and _is_import(body[i]):
        i += 1
    return body[:i], body[i:]


def _isort_order(module: cst.Module, before: set[str]) -> cst.Module:
    """Statements the visitors added move to isort's place; from-imports they changed get
    their names sorted (CONSTANTS, Classes, functions) and wrapped as isort wraps them."""
    old = [b for b in module.body if _is_import(b) and _text(b) in before]
    body: list[Any] = []
    added: list[Any] = []
    carry: Any = ()
    for stmt in module.body:
        if not _is_import(stmt) or _text(stmt) in before:
            body.append(stmt.with_changes(leading_lines=carry) if carry and not
                        stmt.leading_lines else stmt)
            carry = ()
            continue
        small = stmt.body[0]
        if isinstance(small, cst.ImportFrom) and not isinstance(small.names, cst.ImportStar) \
                and small.module is not None and not small.relative:
            names = sorted((_alias_text(a) for a in small.names), key=isort_key)
            stmt = cst.parse_statement(_import_text(dotted(small.module) or "", names)
                                       ).with_changes(leading_lines=stmt.leading_lines)
        if any(_module_of(stmt) == _module_of(b) and type(stmt.body[0]) is type(b.body[0])
               for b in old):
            body.append(stmt)  # an existing statement the visitor merged names into
        else:
            added.append(stmt.with_changes(leading_lines=()))
            carry = stmt.leading_lines
    for stmt in added:
        body = _insert_import(body, stmt)
    return module.with_changes(body=body)


def _text(stmt: Any) -> str:
    return code_of(stmt.with_changes(leading_lines=())).strip()


def _insert_import(body: list[Any], node: Any) -> list[Any]:
    name = _module_of(node) or ""
    at = _import_position(body, name)
    if at < len(body) and _is_import(body[at]) and _section_of(body[at]) == _section(name):
        node = node.with_changes(leading_lines=body[at].leading_lines)
        body[at] = body[at].with_changes(leading_lines=())
    else:
        if at > 0 and (not _is_import(body[at - 1])
                       or _section_of(body[at - 1]) != _section(name)):
            node = node.with_changes(leading_lines=blank(1))
        # the next section (a relative `from .m import *`, say) starts after a blank line
        if at < len(body) and _is_import(body[at]) and not body[at].leading_lines:
            body[at] = body[at].with_changes(leading_lines=blank(1))
    body.insert(at, node)
    return body


def _section(module: str | None) -> int:
    top = (module or "").split(".")[0]
    if top == "__future__":
        return 0
    if top in sys.stdlib_module_names:
        return 1
    return 3 if top in FIRST_PARTY else 2


def _section_of(stmt: Any) -> int:
    """An import statement's isort section; relative imports come last."""
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and stmt.body else None
    if isinstance(small, cst.ImportFrom) and small.relative:
        return 4
    return _section(_module_of(stmt))


def _is_import(stmt: Any) -> bool:
    return isinstance(stmt, cst.SimpleStatementLine) and any(
        isinstance(s, (cst.Import, cst.ImportFrom)) for s in stmt.body)


def _module_of(stmt: Any) -> str | None:
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1:
        small = stmt.body[0]
        if isinstance(small, cst.ImportFrom) and small.module is not None and \
                not small.relative:
            return dotted(small.module)
        if isinstance(small, cst.Import):
            return dotted(small.names[0].name)
    return None


def _import_position(body: list[Any], module_name: str) -> int:
    """Where isort puts an import of `module_name` among the module's top imports."""
    mine = _section(module_name)
    import_idx = [i for i, s in enumerate(body) if _module_of(s) is not None]
    same = [i for i in import_idx if _section(_module_of(body[i])) == mine]
    for i in same:
        if (_module_of(body[i]) or "") > module_name:
            return i
    if same:
        return same[-1] + 1
    later = [i for i in import_idx if _section(_module_of(body[i])) > mine]
    if later:
        return later[0]
    if import_idx:
        return import_idx[-1] + 1
    start = 0
    if body and isinstance(body[0], cst.SimpleStatementLine) and isinstance(
            body[0].body[0], cst.Expr) and literal_string(body[0].body[0].value) is not None:
        start = 1
    return start
