"""The fully qualified names of a module's names and attributes, as LibCST's
`FullyQualifiedNameProvider` gives them, from one `ScopeProvider` resolution.

The provider asks the scope of every node of the module for its qualified names, which
makes it four times as slow as the scope analysis itself; the codemod reads those of Name
and Attribute nodes only. `fully_qualified` asks for those alone, with the same LibCST
calls: the node's `Scope.get_qualified_names_for`, then the provider's own qualification
of module-relative names with the module name and package that `FullRepoManager` keeps
for the file.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import libcst as cst
import libcst.matchers as m
from libcst.metadata import (
    FullRepoManager,
    FullyQualifiedNameProvider,
    QualifiedName,
    ScopeProvider,
)
from libcst.metadata.name_provider import FullyQualifiedNameVisitor

from migrate.cst_walk import find_all, wrapper_of


def _naming(path: Path, root: Path) -> object:
    """The module name and package `FullRepoManager` keeps for file `path` of `root`."""
    where = str(path.resolve())
    manager = FullRepoManager(str(root), [where], {FullyQualifiedNameProvider})
    return manager.get_cache_for_path(where)[FullyQualifiedNameProvider]


def fully_qualified(module: cst.Module, path: Path, root: Path,
                    nodes: Iterable[cst.CSTNode] | None = None
                    ) -> dict[cst.CSTNode, set[QualifiedName]]:
    """Per node of `nodes` (default: every Name and Attribute node of `module`, the text of
    file `path` in the tree at `root`): its fully qualified names."""
    named = _naming(path, root)
    scopes = wrapper_of(module).resolve(ScopeProvider)
    asked = nodes if nodes is not None else find_all(module, m.Name() | m.Attribute())
    out: dict[cst.CSTNode, set[QualifiedName]] = {}
    for node in asked:
        scope = scopes.get(node)
        qnames = scope.get_qualified_names_for(node) if scope is not None else set()
        out[node] = {FullyQualifiedNameVisitor._fully_qualify(  # LibCST's own
            named.name, named.package, q) for q in qnames}  # type: ignore[attr-defined]
    return out


def qualified_at_end(module: cst.Module, path: Path, root: Path, names: Iterable[str]
                     ) -> dict[str, set[QualifiedName]]:
    """Per name of `names`: the fully qualified names a read of it after the last statement
    of `module` gets (from every top-level binding of it, else the builtin), asked of the
    module's global scope by name: no statement appended, so the module's one scope
    analysis serves every question."""
    named = _naming(path, root)
    top = wrapper_of(module).resolve(ScopeProvider)[module]
    qnames = {n: top.get_qualified_names_for(n) if top is not None else set() for n in names}
    return {n: {FullyQualifiedNameVisitor._fully_qualify(
        named.name, named.package, q) for q in found}  # type: ignore[attr-defined]
        for n, found in qnames.items()}
