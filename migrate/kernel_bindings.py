"""Name safety after the rewrite: a parameter must not be rebound before a read of its
slot (where it is, the local is renamed first: `rename_local`), `x = x` left by the
rewrite is dropped, and aliases of parameters are inlined.
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from migrate.kernel_model import SkipError
from migrate.kernel_rewrite import KernelMigration
from migrate.names import NameWalker, load_names
from migrate.syntax import single_assign, with_body, without_statements


class RebindError(SkipError):
    """A parameter's name is rebound before a later read of its slot (`name`: the local)."""

    def __init__(self, name: str, why: str) -> None:
        super().__init__(why)
        self.name = name



def drop_identities(block: cst.CSTNode, replacements: set[cst.Name]) -> Any:
    """Remove `x = x` left where a read was bound to its own parameter name."""

    class Dropper(cst.CSTTransformer):
        def leave_IndentedBlock(self, original: cst.IndentedBlock,  # noqa: N802
                                updated: cst.IndentedBlock) -> cst.IndentedBlock:
            dropped = [_is_identity(orig, replacements) for orig in original.body]
            return with_body(updated, *without_statements(updated.body, dropped))

    return block.visit(Dropper())


def inline_aliases(block: Any, mk: KernelMigration, params: dict[str, str]) -> Any:
    """Drop `a = x` (x a parameter the rewrite put there) and read x where a was read.

    Only for an alias that spells the parameter's own name (`a` is the slot's snake
    name, or `x` with trailing underscores: the parameter was renamed, e.g. a DataType
    `out_dtype` -> `dtype`, `input_` -> `input`), when `a` is bound by that statement
    alone (no other store, no nested scope binding it) and `x` is never rebound: both
    names then denote one object throughout, so `out_dtype = dtype; alloc(out,
    out_dtype)` becomes `alloc(out, dtype)`. Aliases with a name of the author's own
    (`src = x`) stay.
    """
    events = NameWalker().walk(block)
    aliases: dict[str, str] = {}
    drop: set[int] = set()
    for stmt in block.body:
        pair = single_assign(stmt)
        if pair is None or not isinstance(pair[1], cst.Name):
            continue
        local, value = pair[0], pair[1]
        if (value not in mk.replacements or value.value not in params or local in params
                or local in aliases or value.value in aliases):
            continue
        if local != params[value.value] and local.rstrip("_") != value.value.rstrip("_"):
            continue  # the author's own name for the value
        if any(e.store for e in events if e.name == value.value):
            continue
        stores = [e for e in events if e.name == local and e.store]
        if len(stores) != 1 or stores[0].nested:
            continue
        aliases[local] = value.value
        drop.add(stmt)
    if not aliases:
        return block

    class Inline(cst.CSTTransformer):
        def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:  # noqa: N802
            if original.value in aliases:
                return mk.name_node(aliases[original.value])
            return updated

    def inlined(stmt: Any) -> Any:
        if stmt in drop or not {n.value for n in load_names(stmt)} & set(aliases):
            return stmt  # keeps its id
        return stmt.visit(Inline())

    dropped = [stmt in drop for stmt in block.body]
    return with_body(block, *without_statements([inlined(s) for s in block.body], dropped))


def _is_identity(stmt: Any, replacements: set[cst.Name]) -> bool:
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
        return False
    return bool(_identity_targets(stmt.body[0], replacements))


def _identity_targets(small: Any, replacements: set[cst.Name]) -> list[cst.Name]:
    """The names `small` stores, when it is `x = x` (or `a, b = a, b`) with every value a
    replaced read of that very name; else []."""
    if isinstance(small, cst.Assign) and len(small.targets) == 1:
        target, value = small.targets[0].target, small.value
    elif isinstance(small, cst.AnnAssign) and small.value is not None:
        target, value = small.target, small.value
    else:
        return []
    out: list[cst.Name] = []

    def same(t: Any, v: Any) -> bool:
        if isinstance(t, cst.Name) and isinstance(v, cst.Name):
            out.append(t)
            return t.value == v.value and v in replacements
        if isinstance(t, (cst.Tuple, cst.List)) and isinstance(v, (cst.Tuple, cst.List)):
            return len(t.elements) == len(v.elements) and all(
                same(a.value, b.value) for a, b in zip(t.elements, v.elements))
        return False

    return out if same(target, value) else []


class _Identities(cst.CSTVisitor):
    def __init__(self, replacements: set[cst.Name]) -> None:
        self.replacements = replacements
        self.targets: set[cst.Name] = set()

    def visit_Assign(self, node: cst.Assign) -> None:  # noqa: N802
        self.targets.update(_identity_targets(node, self.replacements))

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:  # noqa: N802
        self.targets.update(_identity_targets(node, self.replacements))


def check_bindings(mk: KernelMigration, body: cst.CSTNode, params: list[str]
                   ) -> dict[str, list[cst.Name]]:
    """Parameters whose name the body also reads from module scope or the builtins, with
    those reads; empty when safe.

    A replaced read must not run after its parameter was rebound (in order, or
    through a loop), and a name the body took from module scope must not become
    a parameter.
    """
    events = NameWalker().walk(body)
    identities = _Identities(mk.replacements)
    body.visit(identities)
    clash: dict[str, list[cst.Name]] = {}
    for p in params:
        mine = [e for e in events if e.name == p]
        reads = [e for e in mine if not e.store and e.node in mk.replacements]
        own_scopes = {e.scope for e in mine if e.store and e.nested}  # comprehension targets
        other_loads = [e for e in mine if not e.store and e.node not in mk.replacements
                       and e.scope not in own_scopes]
        stores = [e for e in mine if e.store and not e.nested]
        if not stores:
            if other_loads:
                clash[p] = [e.node for e in other_loads]
            continue
        # only `x = x` itself is no rebinding: `x = x.numpy()` is one (issue 23)
        real = [e for e in stores if e.node not in identities.targets]
        if not real:
            continue
        first = events.index(real[0])
        for r in reads:
            if events.index(r) > first or r.nested:
                raise RebindError(p, f"rebinds '{p}', which is also the parameter for its "
                                     "slot, before a later read of that slot")
            for s in real:
                if set(r.loops) & set(s.loops):
                    raise RebindError(p, f"rebinds '{p}' in a loop that also reads its slot")
    return clash
