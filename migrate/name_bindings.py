"""The module-level statements binding one name of a module, in order: a definition
(assignment, class, def), an explicit import, a `from M import *` exporting it.

A name bound both by a star import and otherwise is one name when every binding leads to
the same origin; when they differ, Python's last binding decides, which the codemod reads
only when the order is statically clear (`order_is_clear`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import libcst as cst

from migrate.static_refs import code_of, dotted, iter_top_statements, names_in


class BindingKind(Enum):
    DEFINED = "defined"
    IMPORTED = "imported"
    STAR = "star"


@dataclass(frozen=True)
class Binding:
    """One binding of a name: its kind, the index of its top-level statement, whether it
    stands inside an `if` / `try` of that statement (conditional), the statement's code,
    and for an import the module it names (as spelled, dots included; "" for `import M`)
    and the name it takes from there (`REAL`; for `import a.b as n`, `a.b`)."""

    kind: BindingKind
    index: int
    nested: bool
    code: str
    module: str = ""
    attr: str = ""


def _star_spelling(node: cst.ImportFrom) -> str:
    base = dotted(node.module) if node.module is not None else ""
    return "." * len(node.relative) + (base or "")


def _binding(small: cst.BaseSmallStatement, name: str, index: int, nested: bool,
             ) -> Binding | None:
    code = code_of(small).strip()
    if isinstance(small, cst.ImportFrom) and not isinstance(small.names, cst.ImportStar):
        for alias in small.names:
            local = alias.asname.name if alias.asname else alias.name
            if isinstance(local, cst.Name) and local.value == name:
                return Binding(BindingKind.IMPORTED, index, nested, code, _star_spelling(small),
                               dotted(alias.name) or "")
    elif isinstance(small, cst.Import):
        for alias in small.names:
            full = dotted(alias.name) or ""
            local = alias.asname.name if alias.asname else None
            spelled = local.value if isinstance(local, cst.Name) else full.split(".")[0]
            if spelled == name:
                return Binding(BindingKind.IMPORTED, index, nested, code, "",
                               full if local is not None else name)
    elif isinstance(small, cst.Assign):
        if any(isinstance(t.target, cst.Name) and t.target.value == name for t in small.targets):
            return Binding(BindingKind.DEFINED, index, nested, code)
    elif isinstance(small, cst.AnnAssign) and small.value is not None:
        if isinstance(small.target, cst.Name) and small.target.value == name:
            return Binding(BindingKind.DEFINED, index, nested, code)
    return None


def top_level_bindings(module: cst.Module, name: str,
                       star_modules: set[str]) -> list[Binding]:
    """The bindings of module-level `name` in statement order; `star_modules`: the star
    imports (spelled as written) whose module exports `name`."""
    out: list[Binding] = []
    for index, top in enumerate(module.body):
        for stmt in iter_top_statements([top]):
            nested = stmt is not top
            if isinstance(stmt, (cst.ClassDef, cst.FunctionDef)) and stmt.name.value == name:
                out.append(Binding(BindingKind.DEFINED, index, nested,
                                   f"{type(stmt).__name__[:-3].lower()} {name}"))
            if not isinstance(stmt, cst.SimpleStatementLine):
                continue
            for small in stmt.body:
                if isinstance(small, cst.ImportFrom) and isinstance(small.names, cst.ImportStar):
                    spelled = _star_spelling(small)
                    if spelled in star_modules:
                        out.append(Binding(BindingKind.STAR, index, nested,
                                           code_of(small).strip(), spelled))
                elif (found := _binding(small, name, index, nested)) is not None:
                    out.append(found)
    return out


def order_is_clear(module: cst.Module, name: str, bindings: list[Binding]) -> bool:
    """Whether the last binding is the one every read sees: no binding is conditional, and
    no top-level statement between the first and the last binding reads the name."""
    if not bindings or any(b.nested for b in bindings):
        return False
    first, last = bindings[0].index, bindings[-1].index
    bound_at = {b.index for b in bindings}
    return not any(name in names_in(module.body[i])
                   for i in range(first + 1, last) if i not in bound_at)
