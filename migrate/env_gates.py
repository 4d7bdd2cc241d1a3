"""Environment gates a package puts on its registrations, carried into the PHI ones.

Teams register GPU kernels only when an environment variable allows it: `gpu =
os.environ.get("HOUSE_NO_GPU") is None` in the publishing function, or a module-level flag
read once at import (`GPU_KERNELS = os.getenv("TEAMX_NO_GPU_KERNELS") is None`), then
`if gpu and placement.gpu: register(...)`. Paddle guards a GPU registration by its build
flag; the written module guards the PHI registration of the gated keys by the same read:
`if os.environ.get("HOUSE_NO_GPU") is None:` around a `register_kernel(...)(kernel)` call
(`import os` added), the ungated keys registered by the kernel's decorators.

Only a plain read is carried: `os.environ.get(NAME)`, `os.environ[NAME]` or
`os.getenv(NAME)` (LibCST's qualified names, so `from os import environ` reads too) of a
literal NAME, compared once with `is None` / `is not None` / `==` / `!=` / `in` / `not in`
a literal; as the `if` test's conjunct itself, or a name bound once to such a read, in the
function or at module level (LibCST's scopes). Anything else stays a named refusal where
it is read.
"""

from __future__ import annotations

import ast
import json
import os
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass

import libcst as cst
from libcst.metadata import GlobalScope, Scope

from migrate import emit
from migrate.kernel_model import KernelFunction
from migrate.static_refs import code_of

#: the comparisons carried, as the generated condition writes them
_OPERATORS: dict[type, str] = {cst.Is: "is", cst.IsNot: "is not", cst.Equal: "==",
                               cst.NotEqual: "!=", cst.In: "in", cst.NotIn: "not in"}
#: `info.memo` key: kernel class -> (device, dtype) -> the condition its key registers under
GATED_KEYS = "gated_keys"


@dataclass(frozen=True)
class EnvGate:
    """A plain environment read compared with a literal."""

    node: cst.CSTNode  # what binds it (an assignment) or the comparison itself
    condition: str  # the generated condition: `os.environ.get("X") is None`
    open: bool  # whether it holds in this process's environment (the import's)


def env_gate(expr: cst.BaseExpression, qnames: Callable[[cst.CSTNode], set[str]],
             node: cst.CSTNode | None = None) -> EnvGate | None:
    """`expr` as an environment gate (`qnames`: LibCST's qualified names of a node), or
    None when it is not a plain read compared with a literal."""
    if not (isinstance(expr, cst.Comparison) and len(expr.comparisons) == 1):
        return None
    target = expr.comparisons[0]
    operator = _OPERATORS.get(type(target.operator))
    read = _read(expr.left, qnames)
    if operator is None or read is None:
        return None
    try:
        literal = ast.literal_eval(code_of(target.comparator).strip())
    except (ValueError, SyntaxError):
        return None
    if operator.startswith("is") and literal is not None:
        return None
    if operator.endswith("in") and not isinstance(literal, tuple | list | set | frozenset | str):
        return None
    text, name, subscript = read
    if subscript and name not in os.environ:
        holds = False  # the read raises: nothing under it ran
    else:
        holds = _holds(os.environ.get(name), operator, literal)
    condition = f"{text} {operator} {code_of(target.comparator).strip()}"
    return EnvGate(node if node is not None else expr, condition, holds)


def _read(expr: cst.BaseExpression, qnames: Callable[[cst.CSTNode], set[str]]
          ) -> tuple[str, str, bool] | None:
    """(the read as generated code, the variable, whether it is a subscript) of a plain
    environment read of a literal name."""
    if isinstance(expr, cst.Call) and len(expr.args) == 1 and expr.args[0].keyword is None \
            and isinstance(expr.args[0].value, cst.SimpleString):
        name = expr.args[0].value.evaluated_value
        found = qnames(expr.func) & {"os.environ.get", "os.getenv"}
        if found and isinstance(name, str):
            return f"{found.pop()}({json.dumps(name)})", name, False
    if isinstance(expr, cst.Subscript) and len(expr.slice) == 1 and isinstance(
            expr.slice[0].slice, cst.Index) and isinstance(expr.slice[0].slice.value,
                                                           cst.SimpleString):
        name = expr.slice[0].slice.value.evaluated_value
        if "os.environ" in qnames(expr.value) and isinstance(name, str):
            return f"os.environ[{json.dumps(name)}]", name, True
    return None


def _holds(value: str | None, operator: str, literal: object) -> bool:
    match operator:
        case "is":
            return value is None
        case "is not":
            return value is not None
        case "==":
            return value == literal
        case "!=":
            return value != literal
    try:  # `None in "..."` raises: the read's statement did not run
        found = value in literal  # type: ignore[operator]
    except TypeError:
        return False
    return found if operator == "in" else not found


def bound_gates(assigns: list[cst.Assign], scope_of: Mapping[cst.CSTNode, Scope],
                qnames: Callable[[cst.CSTNode], set[str]],
                local: Collection[str] = ()) -> dict[str, EnvGate]:
    """Names bound to an environment gate by one of `assigns` and nowhere else in their
    scope: a function's own assignments (the names of `local`), or a module's top-level
    ones (LibCST's global scope)."""
    out: dict[str, EnvGate] = {}
    for node in assigns:
        if len(node.targets) != 1 or not isinstance(node.targets[0].target, cst.Name):
            continue
        name = node.targets[0].target.value
        scope = scope_of.get(node)
        if scope is None or len(scope.assignments[name]) != 1 or (
                isinstance(scope, GlobalScope) and name in local):
            continue
        gate = env_gate(node.value, qnames, node)
        if gate is not None:
            out[name] = gate
    return out


def gate_text(gates: list[EnvGate]) -> str:
    """The condition of keys registered under every one of `gates`."""
    return " and ".join(dict.fromkeys(g.condition for g in gates))


def gated_registrations(kf: KernelFunction, gated: Mapping[tuple[str, str], str],
                        names: dict[str, str]) -> list[cst.If]:
    """The PHI registrations of `kf`'s keys under an environment gate (`gated`: (backend,
    layout) -> condition): `if condition: register_kernel(...)(kernel)`, one statement per
    condition; `import os` is added for them (`names`: the module's aliases of framework
    names, `imports_fix.framework_aliases`)."""
    by_condition: dict[str, list[str]] = {}
    for backend, layout, dtypes in kf.registrations:
        condition = gated.get((backend, layout))
        if condition:
            by_condition.setdefault(condition, []).append(emit.decorator_text(
                kf.phi_name, backend, layout, dtypes, names, kf.func_name, indent=4))
    if by_condition:
        kf.module_imports.add("os")
    out = []
    for condition, calls in by_condition.items():
        body = "\n".join("    " + line for call in calls for line in call.splitlines())
        out.append(cst.ensure_type(cst.parse_statement(f"if {condition}:\n{body}\n"), cst.If))
    return out
