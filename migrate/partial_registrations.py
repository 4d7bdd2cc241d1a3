"""`reg = functools.partial(register_op_kernel, "x_op", "CPU")`, bound once at module level
with literal arguments and only ever called (`reg(XKernel, DataType.FLOAT32)`): each such
call is read as the `register_op_kernel` call it makes. Any other use of the name (passed
on, rebound, a keyword argument in the partial) leaves it a value the codemod cannot
follow (`module_scan.indirect_references`)."""

from __future__ import annotations

from typing import Any

import libcst as cst
import libcst.matchers as m

from migrate.static_refs import literal_string

_MEMO = "partial_registrations"


def partial_bindings(info: Any) -> dict[str, cst.Call]:
    """Name -> its `functools.partial(register_op_kernel, ...)` call, for the names read as
    above (`info`: a `static.ModuleInfo`)."""
    found = info.memo.get(_MEMO)
    if found is None:
        found = info.memo[_MEMO] = _bindings(info.module, info.imports)
    return found


def _bindings(module: cst.Module, imports: Any) -> dict[str, cst.Call]:
    out: dict[str, cst.Call] = {}
    for stmt in module.body:
        for small in stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ():
            if not (isinstance(small, cst.Assign) and len(small.targets) == 1
                    and isinstance(small.targets[0].target, cst.Name)
                    and isinstance(small.value, cst.Call)):
                continue
            call, name = small.value, small.targets[0].target.value
            args = call.args
            if (imports.resolve(call.func) == "functools.partial" and args
                    and all(a.keyword is None and not a.star for a in args)
                    and imports.is_symbol(args[0].value, "register_op_kernel")
                    and all(_literal(a.value) for a in args[1:])):
                out[name] = call
    for name in list(out):  # bound once, and every other read of it a call
        reads = len(m.findall(module, m.Name(name)))
        calls = len(m.findall(module, m.Call(func=m.Name(name))))
        if reads != 1 + calls:
            del out[name]
    return out


def _literal(node: cst.BaseExpression) -> bool:
    """A string, or an enum member such as `DataType.FLOAT32`."""
    return literal_string(node) is not None or (
        isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name))


def expanded(info: Any, call: cst.Call) -> cst.Call:
    """`call` as the `register_op_kernel` call it makes when it calls a partial binding."""
    if not isinstance(call.func, cst.Name):
        return call
    bound = partial_bindings(info).get(call.func.value)
    if bound is None:
        return call
    return call.with_changes(func=bound.args[0].value,
                             args=[*bound.args[1:], *call.args])


def calls_partial(info: Any, stmt: cst.CSTNode) -> bool:
    """Whether `stmt` calls a partial binding."""
    names = set(partial_bindings(info))
    return bool(names) and any(
        isinstance(c, cst.Call) and isinstance(c.func, cst.Name) and c.func.value in names
        for c in m.findall(stmt, m.Call(func=m.Name())))
