"""The operators a constant expression may apply when it is evaluated statically
(`static_eval.Evaluator`): arithmetic on numbers (`1.0 / 6`, `2 ** 10`), `+` joining strings
and sequences (`"Out" + GRAD`), and comparisons; anything else is unresolvable."""

from __future__ import annotations

import operator
from typing import Any

import libcst as cst

from migrate.static_refs import EnumRef, UnresolvableError, code_of

#: the arithmetic a constant may be computed with (numbers; `+` also joins strings and
#: sequences), by operator
_ARITHMETIC = {cst.Add: operator.add, cst.Subtract: operator.sub, cst.Multiply: operator.mul,
               cst.Divide: operator.truediv, cst.FloorDivide: operator.floordiv,
               cst.Modulo: operator.mod, cst.Power: operator.pow}


def arithmetic(node: cst.BinaryOperation, left: Any, right: Any) -> Any:
    if isinstance(node.operator, cst.Add) and isinstance(left, (list, tuple)) and \
            isinstance(right, (list, tuple)):
        return type(left)(list(left) + list(right))
    if isinstance(node.operator, cst.Add) and isinstance(left, str) and isinstance(right, str):
        return left + right
    numbers = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (left, right))
    compute = _ARITHMETIC.get(type(node.operator))
    if compute is None or not numbers or (isinstance(node.operator, cst.Power) and (
            abs(right) > 64 or abs(left) > 2 ** 64)):  # no number too big to make
        raise UnresolvableError(code_of(node))
    try:
        return compute(left, right)
    except (ArithmeticError, ValueError) as exc:
        raise UnresolvableError(f"{code_of(node)}: {exc}") from None


#: the comparisons a constant test may make, by operator
_COMPARISONS = {cst.Equal: operator.eq, cst.NotEqual: operator.ne, cst.LessThan: operator.lt,
                cst.GreaterThan: operator.gt, cst.LessThanEqual: operator.le,
                cst.GreaterThanEqual: operator.ge, cst.In: lambda a, b: a in b,
                cst.NotIn: lambda a, b: a not in b}


def compare(op: cst.BaseCompOp, left: Any, right: Any) -> bool:
    if isinstance(op, (cst.Is, cst.IsNot)):
        same = left is right or (isinstance(left, EnumRef) and left == right)
        return same == isinstance(op, cst.Is)
    compare = _COMPARISONS.get(type(op))
    if compare is None:
        raise UnresolvableError(f"comparison {type(op).__name__}")
    try:
        return bool(compare(left, right))
    except TypeError as exc:
        raise UnresolvableError(str(exc)) from exc
