"""Module-level `del`s of the variables of a registration loop the migration removed.

A module cleaning its namespace after a registration loop,

    for t in T.REALS:
        register_op_kernel("x_clip", "CPU", XClipKernel, t)
    del t

loses the loop when its registrations migrate (or gets it unrolled into calls spelling
`t` out): nothing binds `t` any more, and `del t` would raise NameError at import. Such a
`del` only took out of the module what the loop left there, so it goes with the loop:
`drop_loop_dels` removes, from the module-level `del` statements of the migrated module,
each name that the legacy module bound only as the target of a loop (LibCST's
`ScopeProvider`: every module-level binding of it a `for` target), that the migrated
module binds nowhere, and that nothing else in the migrated module reads (a `del a, t`
loses only `t`; a `del` left with no name goes). A name something else reads stays in its
`del`, where `tree_names.removed_and_used` names it as before; one something else binds stays
too, and needs a binding the `del` surely finds once the loop is gone (a module-level
assignment, import or loop target before it): bound only elsewhere (a function's `global t`,
a branch), the module stays legacy, named (`SkipError`).
"""

from __future__ import annotations

from typing import Any

import libcst as cst
import libcst.matchers as m
from libcst.metadata import GlobalScope, ScopeProvider

from migrate.cst_walk import wrapper_of
from migrate.kernel_model import SkipError
from migrate.tree_names import reads_module_binding


def drop_loop_dels(old: cst.Module, new: cst.Module) -> cst.Module:
    """`new` without the `del` targets naming a variable only a removed loop of `old`
    bound (see the module doc)."""
    dels = [small for stmt in new.body if isinstance(stmt, cst.SimpleStatementLine)
            for small in stmt.body if isinstance(small, cst.Del)]
    if not dels:
        return new
    named = {n for d in dels for n in _target_names(d)}
    gone = _loop_only(old, named) - _bound(new)
    if gone:
        targets = {id(name) for d in dels for name in _target_nodes(d)}
        _, scopes = _global_scope(new)
        # nothing else reads it (a read left would raise NameError: `removed_and_used` says)
        gone = {n for n in gone if all(id(a.node) in targets for s in scopes
                                       for a in s.accesses[n] if reads_module_binding(a))}
    if gone:
        new = _dropped(new, gone)
    _check_kept(old, new)
    return new


def _dropped(new: cst.Module, gone: set[str]) -> cst.Module:
    """`new` with the names `gone` taken out of its module-level `del` statements."""
    body: list[Any] = []
    for stmt in new.body:
        if not isinstance(stmt, cst.SimpleStatementLine) or not any(
                isinstance(s, cst.Del) for s in stmt.body):
            body.append(stmt)
            continue
        smalls = [kept for s in stmt.body for kept in _without(s, gone)]
        if not smalls:
            continue
        smalls[-1] = smalls[-1].with_changes(semicolon=cst.MaybeSentinel.DEFAULT)
        body.append(stmt.with_changes(body=smalls))
    return new.with_changes(body=body)


def _loop_bindings(module: cst.Module) -> dict[str, int]:
    """How many module-level bindings of each name are `for` targets."""
    scope, _ = _global_scope(module)
    if scope is None:
        return {}
    targets = _loop_targets(module)
    out: dict[str, int] = {}
    for a in scope.assignments:
        if id(a.node) in targets:
            out[a.name] = out.get(a.name, 0) + 1
    return out


def _check_kept(old: cst.Module, new: cst.Module) -> None:
    """SkipError when a module-level `del` left in `new` names a variable a removed loop of
    `old` bound and nothing binds surely before it (see the module doc)."""
    before, after = _loop_bindings(old), _loop_bindings(new)
    scope, _ = _global_scope(new)
    if scope is None:
        return
    plain: dict[int, int] = {}  # id of a binding's node -> index of its top-level statement
    for i, stmt in enumerate(new.body):
        if isinstance(stmt, cst.SimpleStatementLine):
            plain.update(dict.fromkeys(_ids(stmt), i))  # an import binds by its alias
        elif isinstance(stmt, cst.For):
            plain.update(dict.fromkeys((id(n) for n in m.findall(stmt.target, m.Name())), i))
    for i, stmt in enumerate(new.body):
        for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ():
            if not isinstance(small, cst.Del):
                continue
            for name in sorted(_target_names(small)):
                bindings = list(scope.assignments[name])
                if before.get(name, 0) <= after.get(name, 0) or not bindings:
                    continue  # no loop binding it went; none left (`removed_and_used` names it)
                if not any(plain.get(id(a.node), i) < i for a in bindings):
                    raise SkipError(
                        f"the module-level `del {name}` deletes the variable of a registration "
                        f"loop migrating would remove, and nothing else binds `{name}` at the "
                        "top level before it (a binding in a function or a branch may not "
                        "have run); left legacy")


def _target_nodes(stmt: cst.Del) -> list[cst.Name]:
    """The names a `del` statement deletes as plain names (`del t`, `del a, t`,
    `del (a, t)`, `del [a, t]`); its other targets (`del D[k]`, `del o.x`) are none."""
    target = stmt.target
    if isinstance(target, cst.Name):
        return [target]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [e.value for e in target.elements if isinstance(e.value, cst.Name)]
    return []


def _target_names(stmt: cst.Del) -> set[str]:
    return {n.value for n in _target_nodes(stmt)}


def _global_scope(module: cst.Module) -> tuple[GlobalScope | None, set[Any]]:
    wrapper = wrapper_of(module)
    scopes = wrapper.resolve(ScopeProvider)
    scope = scopes[module]
    return (scope if isinstance(scope, GlobalScope) else None,
            {s for s in scopes.values() if s is not None})


def _loop_only(module: cst.Module, names: set[str]) -> set[str]:
    """Those of `names` every module-level binding of which in `module` is the target of
    a `for` loop."""
    scope, _ = _global_scope(module)
    if scope is None:
        return set()
    loop_targets = _loop_targets(module)
    out: set[str] = set()
    for name in names:
        bindings = list(scope.assignments[name])
        if bindings and all(id(b.node) in loop_targets for b in bindings):
            out.add(name)
    return out


def _loop_targets(module: cst.Module) -> set[int]:
    """The ids of the names `for` loops of `module` bind."""
    return {id(n) for loop in m.findall(module, m.For())
            for n in m.findall(cst.ensure_type(loop, cst.For).target, m.Name())}


def _bound(module: cst.Module) -> set[str]:
    scope, _ = _global_scope(module)
    return set() if scope is None else {a.name for a in scope.assignments}


def _without(small: cst.BaseSmallStatement, gone: set[str]) -> list[cst.BaseSmallStatement]:
    """`small` less the `del` targets in `gone` (none left: nothing)."""
    if not isinstance(small, cst.Del):
        return [small]
    target = small.target
    if isinstance(target, cst.Name):
        return [] if target.value in gone else [small]
    if not isinstance(target, (cst.Tuple, cst.List)):
        return [small]
    left = [e for e in target.elements
            if not (isinstance(e.value, cst.Name) and e.value.value in gone)]
    if len(left) == len(target.elements):
        return [small]
    if not left:
        return []
    if isinstance(target, cst.Tuple) and len(left) == 1 and not target.lpar:
        return [small.with_changes(target=left[0].value)]
    left[-1] = left[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    return [small.with_changes(target=target.with_changes(elements=left))]


def _ids(node: cst.CSTNode) -> list[int]:
    out = [id(node)]
    for child in node.children:
        out.extend(_ids(child))
    return out

