"""What the rewrite leaves behind goes (the last passes over a migrated body):

* `(eps := eps)`, where a walrus bound a read to its own parameter name, is just `eps`
  (binding a parameter to itself does nothing);
* an `if` (or `x if t else y`) whose test is made of literals only, as inlining class
  constants leaves them (`if "log2" == "log2":`), keeps only the branch taken.
"""

from __future__ import annotations

from typing import Any

import libcst as cst

from migrate.static_refs import code_of

UNKNOWN = object()
_LITERALS = (cst.SimpleString, cst.ConcatenatedString, cst.Integer, cst.Float, cst.Imaginary,
             cst.Comparison, cst.BooleanOperation, cst.UnaryOperation, cst.Tuple, cst.List,
             cst.Element, cst.ComparisonTarget, cst.BaseCompOp, cst.BaseBooleanOp,
             cst.BaseUnaryOp, cst.LeftParen, cst.RightParen, cst.BaseParenthesizableWhitespace,
             cst.Comma, cst.MaybeSentinel)


def tidy(block: Any, params: set[str]) -> Any:
    return block.visit(_Tidy(params))


def fold_dead_branches(block: Any) -> Any:
    """Only the branches taken of tests made of literals (before the reads are checked)."""
    return block.visit(_Tidy(set()))


def literal_value(test: cst.BaseExpression) -> Any:
    """The value of a test made of literals and operators only (no names but True, False,
    None); UNKNOWN otherwise."""

    class Check(cst.CSTVisitor):
        ok = True

        def on_visit(self, node: cst.CSTNode) -> bool:
            if isinstance(node, cst.Name):
                self.ok &= node.value in ("True", "False", "None")
            elif not isinstance(node, _LITERALS):
                self.ok = False
            return self.ok

    check = Check()
    test.visit(check)
    if not check.ok:
        return UNKNOWN
    try:  # literals and operators only (checked above): nothing can run but them
        return eval(compile(code_of(test).strip(), "<test>", "eval"), {"__builtins__": {}})
    except Exception:
        return UNKNOWN


class _Tidy(cst.CSTTransformer):
    def __init__(self, params: set[str]) -> None:
        super().__init__()
        self.params = params
        self.elifs: set[cst.If] = set()

    def leave_NamedExpr(self, original: cst.NamedExpr, updated: cst.NamedExpr  # noqa: N802
                        ) -> cst.BaseExpression:
        if (isinstance(updated.target, cst.Name) and isinstance(updated.value, cst.Name)
                and updated.target.value == updated.value.value
                and updated.value.value in self.params):
            return updated.value
        return updated

    def visit_If(self, node: cst.If) -> None:  # noqa: N802
        if isinstance(node.orelse, cst.If):
            self.elifs.add(node.orelse)

    def leave_If(self, original: cst.If, updated: cst.If  # noqa: N802
                 ) -> cst.BaseStatement | cst.FlattenSentinel[cst.BaseStatement] | \
            cst.RemovalSentinel:
        if original in self.elifs:
            return updated
        node: Any = updated
        while isinstance(node, cst.If):
            value = literal_value(node.test)
            if value is UNKNOWN:
                return updated if node is updated else node.with_changes(
                    leading_lines=updated.leading_lines)
            if value:
                return _flat(updated, node.body)
            node = node.orelse
        if isinstance(node, cst.Else):
            return _flat(updated, node.body)
        return cst.RemovalSentinel.REMOVE

    def leave_IndentedBlock(self, original: cst.IndentedBlock,  # noqa: N802
                            updated: cst.IndentedBlock) -> cst.IndentedBlock:
        if updated.body:
            return updated
        return updated.with_changes(body=[cst.SimpleStatementLine([cst.Pass()])])

    def leave_IfExp(self, original: cst.IfExp, updated: cst.IfExp  # noqa: N802
                    ) -> cst.BaseExpression:
        value = literal_value(updated.test)
        if value is UNKNOWN:
            return updated
        chosen = updated.body if value else updated.orelse
        if updated.lpar and not getattr(chosen, "lpar", None):
            chosen = chosen.with_changes(lpar=updated.lpar, rpar=updated.rpar)
        return chosen


def _flat(first: cst.If, block: cst.BaseSuite) -> cst.FlattenSentinel[cst.BaseStatement]:
    body = list(block.body) if isinstance(block, cst.IndentedBlock) else [
        cst.SimpleStatementLine(list(block.body))]
    body[0] = body[0].with_changes(leading_lines=[*first.leading_lines, *body[0].leading_lines])
    return cst.FlattenSentinel(body)
