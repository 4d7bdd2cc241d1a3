"""Locals a registration loop or helper body may bind (`_op = f"ub_{_fn}"`): which
assignments qualify, and evaluating one into the loop's environment."""

from __future__ import annotations

from typing import Any

import libcst as cst

from migrate.static_eval import SEQUENCE_COPIES, Evaluator


def is_local_assignment(small: cst.CSTNode) -> bool:
    """`name = value` (or `a, b = ...`) whose value is made of names, constants,
    f-strings, `+`, tuples and `tuple(x)` / `list(x)` copies only: a local a registration
    loop or helper may bind (its value is then evaluated like any argument)."""
    if not isinstance(small, cst.Assign) or not all(
            _is_names(t.target) for t in small.targets):
        return False
    return all(_is_simple(n) for n in _subexpressions(small.value))


def is_local_line(stmt: cst.CSTNode) -> bool:
    """A line made of local assignments only (see `is_local_assignment`)."""
    return isinstance(stmt, cst.SimpleStatementLine) and all(
        is_local_assignment(s) for s in stmt.body)


def bind_local(ev: Evaluator, small: cst.BaseSmallStatement, env: dict[str, Any]) -> None:
    """Evaluate a local assignment (`is_local_assignment`) into `env`."""
    assert isinstance(small, cst.Assign)
    value = ev.eval(small.value, env)
    for target in small.targets:
        ev.bind(target.target, value, env)


def _is_names(target: cst.BaseExpression) -> bool:
    if isinstance(target, cst.Name):
        return True
    return isinstance(target, (cst.Tuple, cst.List)) and all(
        isinstance(e, cst.Element) and _is_names(e.value) for e in target.elements)


#: the expressions a local's value may be made of (`+` and unary `-` the only operators)
_SIMPLE_VALUE = (cst.Name, cst.SimpleString, cst.ConcatenatedString, cst.Integer, cst.Float,
                 cst.FormattedString, cst.BinaryOperation, cst.Tuple, cst.Attribute,
                 cst.UnaryOperation, cst.Subscript)


def _is_simple(node: cst.CSTNode) -> bool:
    if isinstance(node, cst.Call):  # `tuple(cpu)`: a sequence copied (`Evaluator` reads it)
        return (isinstance(node.func, cst.Name) and node.func.value in SEQUENCE_COPIES
                and len(node.args) == 1 and not node.args[0].star and not node.args[0].keyword)
    if isinstance(node, cst.BinaryOperation):
        return isinstance(node.operator, cst.Add)
    if isinstance(node, cst.UnaryOperation):
        return isinstance(node.operator, cst.Minus)
    return not isinstance(node, cst.BaseExpression) or isinstance(node, _SIMPLE_VALUE)


def _subexpressions(node: cst.CSTNode) -> list[cst.CSTNode]:
    out = [node]
    for child in node.children:
        out.extend(_subexpressions(child))
    return out
