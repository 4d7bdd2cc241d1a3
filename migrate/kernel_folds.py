"""Tensor-valued attributes: `if ctx.has_input("ScaleTensor"): ... else: ctx.attr(...)`
chains fold into one Scalar / IntArray parameter, as PHI kernels take them.
"""

from __future__ import annotations

from typing import Any

import libcst as cst
import libcst.matchers as m

from migrate.kernel_model import INT_ARRAY_ATTRS, SCALAR_AS_IS, SCALAR_ATTRS, Fold, SkipError
from migrate.kernel_rewrite import KernelMigration
from migrate.names import NameWalker, load_names
from migrate.static_refs import code_of, dotted, literal_string
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
        if any(m.matches(value, _whole(ctx, slot)) for slot, _method, value in branches):
            continue  # a tensor standing for the attribute elementwise: no Scalar, read as is
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
            if m.matches(value, _first_element(_ctx_read(ctx, slot))):
                conv = SCALAR_AS_IS  # read as it is, no conversion
            elif m.matches(value, _first_element(_ctx_read(ctx, slot), converted=True)):
                raise SkipError(f"the override of '{attr}' by '{slot}' reads an element of "
                                "the tensor's `.data` as it is (on a GPU a device array, not "
                                "the host number a PHI Scalar holds); convert it with "
                                "int()/float()/bool() or read `.numpy()`")
            else:
                conv = dotted(value.func) if isinstance(value, cst.Call) else None
            convs.add(conv)
            feeders.append(slot)
        read_conv = next(iter(convs)) if len(convs) == 1 else None
        if proto_attr.type in SCALAR_ATTRS:
            kind = "Scalar"
            want = SCALAR_ATTRS[proto_attr.type]
            conv = convs.pop() if len(convs) == 1 else None
            if conv == SCALAR_AS_IS and want is None:
                raise SkipError(f"tensor override of SCALAR attribute '{attr}' is read without "
                                "conversion (a number where the attribute is a Scalar)")
            if conv != SCALAR_AS_IS and (conv not in ("float", "int", "bool")
                                         or (want is not None and conv != want)):
                raise SkipError(f"tensor override of attribute '{attr}' ({proto_attr.type}) is not "
                           f"converted with {want or 'float/int/bool'}(...) nor read as it is")
            if want is None:
                conv = None
        elif proto_attr.type in INT_ARRAY_ATTRS:
            kind, conv = "IntArray", None
        else:
            raise SkipError(f"tensor override of attribute '{attr}' of type {proto_attr.type}")
        for slot, _method, value in branches:
            exact = (_scalar_read(ctx, slot, read_conv) if kind == "Scalar"
                     else _int_list_read(ctx, slot))
            if not m.matches(value, exact):
                raise SkipError(
                    f"the override of '{attr}' by '{slot}' is `{code_of(value)}`, which does "
                    f"more than read the tensor as a PHI {kind} does (exactly "
                    + (_scalar_read_text(slot, read_conv) if kind == "Scalar" else
                       f"`[int(v) for v in ctx.input({slot!r}).numpy().reshape(-1)]`") + ")")
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


def _ctx_read(ctx: str, slot: str, method: str = "input") -> m.BaseMatcherNode:
    return m.Call(func=m.Attribute(value=m.Name(ctx), attr=m.Name(method)),
                  args=[m.Arg(value=m.SimpleString() & m.MatchIfTrue(
                      lambda s: literal_string(s) == slot))])


def _whole(ctx: str, slot: str) -> m.BaseMatcherNode:
    """The input tensor `slot` or its whole array (`.data`, `.numpy()`): an elementwise
    operand standing where the attribute would be, not one value."""
    tensor = _ctx_read(ctx, slot)
    return tensor | m.Attribute(value=tensor, attr=m.Name("data")) | _numpy(tensor)


def _numpy(of: m.BaseMatcherNode) -> m.BaseMatcherNode:
    return m.Call(func=m.Attribute(value=of, attr=m.Name("numpy")), args=[])


def _method(of: m.BaseMatcherNode, name: str, *args: m.BaseMatcherNode) -> m.BaseMatcherNode:
    return m.Call(func=m.Attribute(value=of, attr=m.Name(name)), args=[m.Arg(a) for a in args])


_MINUS_ONE = m.UnaryOperation(operator=m.Minus(), expression=m.Integer("1"))


def _first(of: m.BaseMatcherNode) -> m.BaseMatcherNode:
    """`a[0]` or `a.item()`."""
    return m.Subscript(value=of, slice=[m.SubscriptElement(m.Index(m.Integer("0")))]) | \
        _method(of, "item")


def _host_array(tensor: m.BaseMatcherNode, converted: bool) -> m.BaseMatcherNode:
    """`t.numpy()`; also `t.data` where each value read is converted by int() / float() /
    bool(), which give the same number from the device's array as from the host's."""
    array = _numpy(tensor)
    return array | m.Attribute(value=tensor, attr=m.Name("data")) if converted else array


def _first_element(tensor: m.BaseMatcherNode, converted: bool = False) -> m.BaseMatcherNode:
    """The tensor's first element, the way a PHI Scalar reads a 1-element tensor."""
    array = _host_array(tensor, converted)
    return (_first(_method(array, "reshape", _MINUS_ONE)) | _first(_method(array, "flatten"))
            | _first(_method(array, "ravel")) | _first(array))


def _scalar_read(ctx: str, slot: str, conv: str | None) -> m.BaseMatcherNode:
    """`conv(ctx.input(slot).numpy().reshape(-1)[0])` and its equivalent spellings (`.data`
    for `.numpy()` too); without the conversion (`.numpy()` only) for SCALAR_AS_IS."""
    if conv == SCALAR_AS_IS:
        return _first_element(_ctx_read(ctx, slot))
    element = _first_element(_ctx_read(ctx, slot), converted=True)
    return m.Call(func=m.Name(conv or "float"), args=[m.Arg(element)])


def _scalar_read_text(slot: str, conv: str | None) -> str:
    """The read `_scalar_read` matches, as the skip reason quotes it."""
    element = f"ctx.input({slot!r}).numpy().reshape(-1)[0]"
    return f"`{element}`" if conv == SCALAR_AS_IS else f"`{conv}({element})`"


def _int_list_read(ctx: str, slot: str) -> m.BaseMatcherNode:
    """`[int(v) for v in ctx.input(slot).numpy()]` (or `.reshape(-1)`, or `.data`), or per
    tensor of a list slot `[int(t.numpy().reshape(-1)[0]) for t in ctx.multi_input(slot)]`."""
    array = _host_array(_ctx_read(ctx, slot), converted=True)
    per_value = m.ListComp(
        elt=m.Call(func=m.Name("int"), args=[m.Arg(m.Name())]),
        for_in=m.CompFor(target=m.Name(), iter=array | _method(array, "reshape", _MINUS_ONE),
                         ifs=[], inner_for_in=None))
    per_tensor = m.ListComp(
        elt=m.Call(func=m.Name("int"), args=[m.Arg(_first_element(m.Name(), converted=True))]),
        for_in=m.CompFor(target=m.Name(), iter=_ctx_read(ctx, slot, "multi_input"), ifs=[],
                         inner_for_in=None))
    return per_value | per_tensor


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
