"""Why an operator registration (`register_operator(op, OpCls, Maker)`) cannot be read,
recorded under its op name when that can be read (`ModuleInfo.unread_operators`)."""

from __future__ import annotations

from typing import Any

import libcst as cst

from migrate.static_eval import is_type_call
from migrate.static_refs import ClassRef, UnresolvableError, code_of


def unread_operator(info: Any, call: cst.Call, ev: Any, env: dict[str, Any]) -> None:
    """Record why the operator registration `call` cannot be read, under its op name when
    that name can be (its kernels' rows then say why, not that the op is unregistered)."""
    roles = ["op_type", "op_class", "maker"]
    args = {a.keyword.value if a.keyword is not None else roles[i]: a.value
            for i, a in enumerate(call.args[:3])}
    try:
        op_type = ev.eval(args["op_type"], env) if "op_type" in args else None
    except UnresolvableError:
        return
    if not isinstance(op_type, str):
        return
    whys = []
    for role, words in (("op_class", "operator class"), ("maker", "maker")):
        node = args.get(role)
        try:
            value = ev.eval(node, env) if node is not None else None
        except UnresolvableError as exc:
            value = exc
        if node is None or isinstance(value, ClassRef):
            continue
        spelled = code_of(node).strip()
        refused = info.factory_refusal(spelled)
        if refused is not None:
            whys.append(f"its {words} `{spelled}` is {refused}")
            continue
        whys.append(f"its {words} `{spelled}` is built by type(...) at run time: the codemod "
                    "reads class statements only" if is_type_call(node) else
                    f"its {words} `{spelled}` is no class statement the codemod can read"
                    + (f" ({value})" if isinstance(value, UnresolvableError) else ""))
    info.unread_operators[op_type] = (
        f"op '{op_type}' is registered (`{code_of(call).strip()}`), but "
        f"{'; '.join(whys) or 'the call cannot be read statically'}, so its proto is unknown")
