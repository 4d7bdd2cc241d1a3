"""Tensor-valued attributes: `if ctx.has_input("ScaleTensor"): ... else: ctx.attr(...)`
chains fold into one Scalar / IntArray parameter, as PHI kernels take them.
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from migrate.kernel_model import INT_ARRAY_ATTRS, SCALAR_ATTRS, Fold, SkipError
from migrate.kernel_rewrite import KernelMigration
from migrate.names import NameWalker, load_names
from migrate.static_refs import dotted
from migrate.syntax import CtxCalls, ctx_call, single_assign, without_statements


def find_folds(mk: KernelMigration, body: list[cst.BaseStatement], ctx: str
                ) -> list[cst.BaseStatement]:
    """Fold `if ctx.has_input(T): v = f(ctx.input(T))` into a Scalar/IntArray attribute."""
    bindings: dict[str, tuple[str, int]] = {}
    for i, stmt in enumerate(body):
        sa = single_assign(stmt)
        if sa is not None:
            attr = ctx_call(sa[1], ctx, ("attr",))
            if attr is not None:
                bindings[sa[0]] = (attr, i)
    drop: set[int] = set()
    for i, stmt in enumerate(body):
        if not isinstance(stmt, cst.If):
            continue
        chain = _fold_chain(stmt, ctx)
        if chain is None:
            continue
        local, branches, else_attr = chain
        if else_attr is not None:
            attr, bind_at = else_attr, None
        elif local in bindings and bindings[local][1] < i:
            attr, bind_at = bindings[local][0], bindings[local][1]
            between = body[bind_at + 1:i]
            if any(local in {n.value for n in load_names(s)} for s in between):
                raise SkipError(f"uses '{local}' between reading attribute '{attr}' and the "
                           "tensor override")
        else:
            continue
        proto_attr = mk.proto.attr(attr)
        if proto_attr is None:
            raise SkipError(f"reads attribute '{attr}' that the op proto does not declare")
        feeders = []
        convs = set()
        for slot, _method, value in branches:
            if mk.proto.input(slot) is None:
                raise SkipError(f"reads input '{slot}' that the op proto does not declare")
            v = CtxCalls(ctx)
            value.visit(v)
            if v.names != len(v.reads) or set(v.reads) != {slot}:
                raise SkipError(f"the override of '{attr}' by '{slot}' uses ctx beyond "
                           f"ctx.input({slot!r})")
            conv = dotted(value.func) if isinstance(value, cst.Call) else None
            convs.add(conv)
            feeders.append(slot)
        if proto_attr.type in SCALAR_ATTRS:
            kind = "Scalar"
            want = SCALAR_ATTRS[proto_attr.type]
            conv = convs.pop() if len(convs) == 1 else None
            if conv not in ("float", "int", "bool") or (want is not None and conv != want):
                raise SkipError(f"tensor override of attribute '{attr}' ({proto_attr.type}) is not "
                           f"converted with {want or 'float/int/bool'}(...)")
            if want is None:
                conv = None
        elif proto_attr.type in INT_ARRAY_ATTRS:
            kind, conv = "IntArray", None
        else:
            raise SkipError(f"tensor override of attribute '{attr}' of type {proto_attr.type}")
        fold = Fold(attr, local, conv, kind, feeders)
        mk.folds[attr] = fold
        drop.add(i)
        if bind_at is not None:
            drop.add(bind_at)
    if not mk.folds:
        return body
    kept, _ = without_statements(body, [i in drop for i in range(len(body))])
    locals_ = {f.local for f in mk.folds.values()}
    module = cst.IndentedBlock(kept)
    for ev in NameWalker().walk(module):
        if ev.name in locals_:
            if ev.store:
                raise SkipError(f"reassigns '{ev.name}' after folding its tensor override")
            fold = next(f for f in mk.folds.values() if f.local == ev.name)
            mk.fold_loads[ev.node] = fold
    return kept


def _fold_chain(stmt: cst.If, ctx: str
                ) -> tuple[str, list[tuple[str, str, cst.BaseExpression]], str | None] | None:
    branches: list[tuple[str, str, cst.BaseExpression]] = []
    local: str | None = None
    node: Any = stmt
    else_attr = None
    while isinstance(node, cst.If):
        test = node.test
        slot = ctx_call(test, ctx, ("has_input", "has_inputs"))
        if slot is None or len(node.body.body) != 1:
            return None
        sa = single_assign(node.body.body[0])
        if sa is None or (local is not None and sa[0] != local):
            return None
        local = sa[0]
        method = test.func.attr.value  # type: ignore[attr-defined]
        branches.append((slot, method, sa[1]))
        node = node.orelse
    if isinstance(node, cst.Else):
        if len(node.body.body) != 1:
            return None
        sa = single_assign(node.body.body[0])
        if sa is None or sa[0] != local:
            return None
        else_attr = ctx_call(sa[1], ctx, ("attr",))
        if else_attr is None:
            return None
    assert local is not None
    return local, branches, else_attr
