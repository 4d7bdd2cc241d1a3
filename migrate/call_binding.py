"""A call's arguments bound to a function's parameter names, each evaluated statically
(`register_op_kernel(op, "CPU", Kernel, *dtypes)` read as its parameters)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import libcst as cst

from migrate.static_refs import PartialRef, UnresolvableError, code_of

if TYPE_CHECKING:
    from migrate.static_eval import Evaluator


def call_args(call: cst.Call, names: list[str], ev: Evaluator, env: dict[str, Any],
              preset: PartialRef | None = None) -> tuple[dict[str, Any], list[Any]]:
    """Bind a call's arguments (after those `preset`, a partial, binds) to parameter names;
    returns (named, extra positional)."""
    positional: list[Any] = list(preset.args) if preset is not None else []
    named: dict[str, Any] = dict(preset.keywords) if preset is not None else {}
    for arg in call.args:
        if arg.keyword is not None:
            named[arg.keyword.value] = ev.eval(arg.value, env)
        elif arg.star == "*":
            positional.extend(ev._seq(ev.eval(arg.value, env), arg.value))
        elif arg.star:
            raise UnresolvableError(f"**kwargs in {code_of(call)}")
        else:
            positional.append(ev.eval(arg.value, env))
    for n, v in zip(names, positional):
        if n in named:  # Python's TypeError
            raise UnresolvableError(f"{code_of(call)} gives `{n}` twice")
        named[n] = v
    return named, positional[len(names):]
