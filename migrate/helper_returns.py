"""What a registration helper returns: a trailing `return <parameter>` (the kernel it was
given, `return kernel`), `return None` or a bare `return` changes nothing its callers
register, so the body is read without it; any other `return` stays unread."""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst


def _trailing_return(fn: cst.FunctionDef) -> cst.Return | None:
    body = fn.body.body
    last = body[-1] if body else None
    if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 \
            and isinstance(last.body[0], cst.Return):
        return last.body[0]
    return None


def parameters(fn: cst.FunctionDef) -> list[str]:
    p = fn.params
    return [q.name.value for q in [*p.posonly_params, *p.params, *p.kwonly_params]]


def returned_parameter(fn: cst.FunctionDef) -> str | None:
    """The parameter `fn` ends returning (`return kernel`), or None."""
    ret = _trailing_return(fn)
    value = ret.value if ret is not None else None
    if isinstance(value, cst.Name) and value.value in parameters(fn):
        return value.value
    return None


def helper_body(fn: cst.FunctionDef) -> Sequence[cst.BaseStatement]:
    """`fn`'s statements without a trailing `return <parameter>` / `return None` /
    `return` (the helper hands back what it was given, or nothing)."""
    ret = _trailing_return(fn)
    body = fn.body.body
    if ret is None:
        return body
    if ret.value is None or returned_parameter(fn) is not None or (
            isinstance(ret.value, cst.Name) and ret.value.value == "None"):
        return body[:-1]
    return body
