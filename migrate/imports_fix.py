"""The migrated module's imports: add what the generated kernels need, drop what nothing
uses any more, in the place and order isort would give them.
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from migrate import emit
from migrate.kernel_model import SkipError
from migrate.names import isort_key
from migrate.static import ModuleInfo
from migrate.static_refs import dotted, literal_string
from migrate.syntax import blank

FIRST_PARTY = ("compat", "legacy_fluid", "migrate", "phi")


def module_names(info: ModuleInfo) -> set[str]:
    names = set(info.classes) | set(info.ev.assigns) | set(info.imports.names)
    for stmt in info.module.body:
        if isinstance(stmt, cst.FunctionDef):
            names.add(stmt.name.value)
    return names


class _Counter(cst.CSTVisitor):
    """Name uses outside import statements."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}

    def visit_Import(self, node: cst.Import) -> bool:  # noqa: N802
        return False

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:  # noqa: N802
        return False

    def visit_Name(self, node: cst.Name) -> None:  # noqa: N802
        self.counts[node.value] = self.counts.get(node.value, 0) + 1

    def visit_SimpleString(self, node: cst.SimpleString) -> None:  # noqa: N802  # quoted annotations, __all__
        value = literal_string(node)
        if value and value.isidentifier():
            self.counts[value] = self.counts.get(value, 0) + 1


def name_counts(node: cst.CSTNode) -> dict[str, int]:
    c = _Counter()
    node.visit(c)
    return c.counts


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


def fix_imports(info: ModuleInfo, new: cst.Module, needed: set[str]) -> cst.Module:
    imports = info.imports
    additions: dict[str, list[str]] = {}
    for name in sorted(needed):
        source = emit.IMPORT_SOURCES[name]
        bound = imports.names.get(name)
        if bound is not None:
            if bound.split(".")[-1] == name and bound.split(".")[0] in ("phi", "compat"):
                continue
            raise SkipError(f"name '{name}' is bound to {bound} in this module")
        if name in module_names(info):
            raise SkipError(f"name '{name}' is already defined in this module")
        additions.setdefault(source, []).append(name)
    old_counts, new_counts = name_counts(info.module), name_counts(new)
    body = list(new.body)
    # drop names that only the removed code used
    for i, stmt in enumerate(body):
        if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1
                and isinstance(stmt.body[0], cst.ImportFrom)):
            continue
        imp = stmt.body[0]
        if isinstance(imp.names, cst.ImportStar) or imp.module is None:
            continue
        kept = []
        for alias in imp.names:
            local = (alias.asname.name.value if alias.asname is not None
                     and isinstance(alias.asname.name, cst.Name) else dotted(alias.name))
            if local and old_counts.get(local, 0) > 0 and new_counts.get(local, 0) == 0:
                continue
            kept.append(alias)
        if len(kept) != len(imp.names):
            if not kept:
                body[i] = None
                if i + 1 < len(body) and body[i + 1] is not None and stmt.leading_lines:
                    body[i + 1] = body[i + 1].with_changes(leading_lines=stmt.leading_lines)
            else:
                text = _import_text(dotted(imp.module) or "", [_alias_text(a) for a in kept])
                body[i] = cst.parse_statement(text).with_changes(leading_lines=stmt.leading_lines)
    body = [s for s in body if s is not None]
    # add what the generated code needs, merging into `from M import ...` where present
    for module_name, names in sorted(additions.items()):
        merged = False
        for i, stmt in enumerate(body):
            if (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1
                    and isinstance(stmt.body[0], cst.ImportFrom)
                    and not stmt.body[0].relative and stmt.body[0].module is not None
                    and dotted(stmt.body[0].module) == module_name
                    and not isinstance(stmt.body[0].names, cst.ImportStar)):
                existing = [_alias_text(a) for a in stmt.body[0].names]
                all_names = sorted(set(existing) | set(names), key=isort_key)
                body[i] = cst.parse_statement(_import_text(module_name, all_names)).with_changes(
                    leading_lines=stmt.leading_lines)
                merged = True
                break
        if merged:
            continue
        node = cst.parse_statement(_import_text(module_name, sorted(names, key=isort_key)))
        at = _import_position(body, module_name)
        if at < len(body) and _is_import(body[at]):
            node = node.with_changes(leading_lines=body[at].leading_lines)
            body[at] = body[at].with_changes(leading_lines=())
        elif at > 0 and not _is_import(body[at - 1]):
            node = node.with_changes(leading_lines=blank(1))
        body.insert(at, node)
    return new.with_changes(body=body)


def _is_import(stmt: Any) -> bool:
    return isinstance(stmt, cst.SimpleStatementLine) and any(
        isinstance(s, (cst.Import, cst.ImportFrom)) for s in stmt.body)


def _import_position(body: list[Any], module_name: str) -> int:
    def mod_of(stmt: Any) -> str | None:
        if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1:
            small = stmt.body[0]
            if isinstance(small, cst.ImportFrom) and small.module is not None and \
                    not small.relative:
                return dotted(small.module)
            if isinstance(small, cst.Import):
                return dotted(small.names[0].name)
        return None

    import_idx = [i for i, s in enumerate(body) if mod_of(s) is not None]
    first_party = [i for i in import_idx if (mod_of(body[i]) or "").split(".")[0] in FIRST_PARTY]
    for i in first_party:
        if (mod_of(body[i]) or "") > module_name:
            return i
    if first_party:
        return first_party[-1] + 1
    if import_idx:
        return import_idx[-1] + 1
    start = 0
    if body and isinstance(body[0], cst.SimpleStatementLine) and isinstance(
            body[0].body[0], cst.Expr) and literal_string(body[0].body[0].value) is not None:
        start = 1
    return start
