"""What inlining class constants spells, folded (issue 23, cm41): a template base's
`if self.EMPTY_VALUE is None and any(...):` read for a subclass whose `EMPTY_VALUE = 1`
becomes `if 1 is None and any(...):` (a SyntaxWarning), and `f"{self.OP_NAME}: ..."`
becomes `f"{'un_reduce_prod'}: ..."`. Folded here, and only where an operand is a value the
substitution put there (or a fold of one), never the team's own literals:

* `LIT is None` / `LIT is not None` (one side None, True or False: identity is value
  there), `==`, `!=`, `<`, `<=`, `>`, `>=`, `in`, `not in` between literals -> `True` /
  `False`;
* `not LIT` -> `True` / `False`;
* `LIT and c` / `LIT or c` -> `c` or `LIT`, as Python's short-circuit gives its value (the
  operand dropped is the one the original never evaluates either); a constant right operand
  (`c and True`) is left as written, as `c` runs there;
* an f-string field that is a string literal -> that text of the f-string (an f-string left
  with no field is a plain string): `fstring_fields.FieldMerges`, shared with every
  substituting pass.

The `if` / `x if t else y` whose test is then a literal keeps only its branch taken, by
`kernel_tidy.fold_dead_branches` (the caller runs it after this). The folds run in the
substituting pass itself (`kernel_rewrite.ConstantInliner` derives from `SubstitutionFolds`).
"""

from __future__ import annotations

import operator
from typing import Any

import libcst as cst

from migrate.fstring_fields import FieldMerges
from migrate.kernel_tidy import UNKNOWN, literal_value

_UNKNOWN = object()
_COMPARE: dict[type, Any] = {
    cst.Equal: operator.eq, cst.NotEqual: operator.ne, cst.LessThan: operator.lt,
    cst.LessThanEqual: operator.le, cst.GreaterThan: operator.gt,
    cst.GreaterThanEqual: operator.ge, cst.In: lambda a, b: a in b,
    cst.NotIn: lambda a, b: a not in b, cst.Is: operator.is_, cst.IsNot: operator.is_not,
}
_SINGLETONS = (None, True, False)


def _value(node: cst.BaseExpression) -> Any:
    value = literal_value(node)
    return _UNKNOWN if value is UNKNOWN else value


def _singleton(value: Any) -> bool:
    return any(value is s for s in _SINGLETONS)


def _compare(left: Any, op: cst.BaseCompOp, right: Any) -> Any:
    fn = _COMPARE.get(type(op))
    if fn is None or (isinstance(op, (cst.Is, cst.IsNot))
                      and not (_singleton(left) or _singleton(right))):
        return _UNKNOWN  # `"a" is "a"` depends on interning: not folded
    try:
        return bool(fn(left, right))
    except Exception:
        return _UNKNOWN


def _with_parens(result: cst.BaseExpression, outer: cst.BaseExpression) -> cst.BaseExpression:
    lpar = getattr(outer, "lpar", ())
    if lpar and not getattr(result, "lpar", ()):
        return result.with_changes(lpar=lpar, rpar=outer.rpar)  # type: ignore[attr-defined]
    return result


class SubstitutionFolds(FieldMerges):
    """The folds above, as the substituting transformer's own leave methods: in one pass a
    parent's `updated` holds the very nodes its children's leave methods returned, so a
    subclass marks what it substitutes with `substituted(node)` and the folds know it (the
    f-string fields: `fstring_fields.FieldMerges`)."""

    def _constant(self, node: cst.BaseExpression) -> Any:
        return _value(node) if node in self.put else _UNKNOWN

    def _literal(self, value: bool, outer: cst.BaseExpression) -> cst.BaseExpression:
        node = _with_parens(cst.Name("True" if value else "False"), outer)
        self.put.add(node)
        return node

    def leave_Comparison(self, original: cst.Comparison, updated: cst.Comparison  # noqa: N802
                         ) -> cst.BaseExpression:
        operands = [updated.left, *(t.comparator for t in updated.comparisons)]
        if not any(o in self.put for o in operands):
            return updated
        values = [_value(o) for o in operands]
        if any(v is _UNKNOWN for v in values):
            return updated
        result = True
        for i, target in enumerate(updated.comparisons):
            step = _compare(values[i], target.operator, values[i + 1])
            if step is _UNKNOWN:
                return updated
            result = result and step
        return self._literal(result, updated)

    def leave_UnaryOperation(self, original: cst.UnaryOperation,  # noqa: N802
                             updated: cst.UnaryOperation) -> cst.BaseExpression:
        if isinstance(updated.operator, cst.Not):
            value = self._constant(updated.expression)
            if value is not _UNKNOWN:
                return self._literal(not value, updated)
        return updated

    def leave_BooleanOperation(self, original: cst.BooleanOperation,  # noqa: N802
                               updated: cst.BooleanOperation) -> cst.BaseExpression:
        value = self._constant(updated.left)
        if value is _UNKNOWN:
            return updated
        keeps_left = bool(value) == isinstance(updated.operator, cst.Or)
        result = updated.left if keeps_left else updated.right
        folded = _with_parens(result, updated)
        if result in self.put:
            self.put.add(folded)
        return folded
