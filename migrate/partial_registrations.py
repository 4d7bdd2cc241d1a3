"""`reg = functools.partial(register_op_kernel, "x_op", "CPU")`, bound once at module level
with arguments known statically (literals, module-level constants, keywords too) and only
ever called (`reg(XKernel, DataType.FLOAT32)`): each such call is read as the
`register_op_kernel` call it makes, the partial's positional arguments in front of the
call's and its keywords under the call's (the call's win, as in Python). Any other use of
the name (passed on, rebound, an argument only known at run time) leaves it a value the
codemod cannot follow (`module_scan.indirect_references`). A partial of a registration
helper is read as a value instead (`partial_calls`): it may be imported.
"""

from __future__ import annotations

from typing import Any

import libcst as cst
import libcst.matchers as m

from migrate.cst_walk import find_all
from migrate.partial_calls import kernel_partial
from migrate.static_refs import UnresolvableError, literal_string

_MEMO = "partial_registrations"


def partial_bindings(info: Any) -> dict[str, cst.Call]:
    """Name -> its `functools.partial(register_op_kernel, ...)` call, for the names read as
    above (`info`: a `static.ModuleInfo`)."""
    found = info.memo.get(_MEMO)
    if found is None:
        found = info.memo[_MEMO] = _bindings(info)
    return found


def _bindings(info: Any) -> dict[str, cst.Call]:
    module, imports = info.module, info.imports
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
                    and args[0].keyword is None and not any(a.star for a in args)
                    and imports.is_symbol(args[0].value, "register_op_kernel")
                    and all(_known(info, a.value) for a in args[1:])):
                out[name] = call
    for name in list(out):  # bound once, and every other read of it a call
        reads = len(m.findall(module, m.Name(name)))
        calls = len(m.findall(module, m.Call(func=m.Name(name))))
        if reads != 1 + calls:
            del out[name]
    return out


def _known(info: Any, node: cst.BaseExpression) -> bool:
    """A string, an enum member such as `DataType.FLOAT32`, or a value the module's
    evaluator knows statically (a constant bound once: the same wherever it is spelled at
    the top level)."""
    if literal_string(node) is not None or (
            isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name)):
        return True
    try:
        info.ev.eval(node, {})
    except UnresolvableError:
        return False
    return True


def expanded(info: Any, call: cst.Call) -> cst.Call:
    """`call` as the `register_op_kernel` call it makes when it calls a partial binding."""
    if not isinstance(call.func, cst.Name):
        return call
    bound = partial_bindings(info).get(call.func.value)
    if bound is None:
        return call
    given = {a.keyword.value for a in call.args if a.keyword is not None}
    front = [a for a in bound.args[1:] if a.keyword is None]
    under = [a for a in bound.args[1:] if a.keyword is not None and a.keyword.value not in given]
    mine = [a for a in call.args if a.keyword is None and a.star != "**"]
    named = [a for a in call.args if a.keyword is not None or a.star == "**"]
    return call.with_changes(func=bound.args[0].value,
                             args=_commas([*front, *mine, *under, *named]))


def _commas(args: list[cst.Arg]) -> list[cst.Arg]:
    """`args` each followed by a comma but the last (spliced from two calls)."""
    return [a.with_changes(comma=cst.MaybeSentinel.DEFAULT) for a in args]


def calls_partial(info: Any, stmt: cst.CSTNode) -> bool:
    """Whether `stmt` calls a partial binding, or a partial of `register_op_kernel` it
    imports (`partial_calls.kernel_partial`)."""
    names = set(partial_bindings(info))
    return any(isinstance(c, cst.Call) and isinstance(c.func, cst.Name) and (
        c.func.value in names or kernel_partial(info.ev, c) is not None)
        for c in find_all(stmt, m.Call(func=m.Name())))
