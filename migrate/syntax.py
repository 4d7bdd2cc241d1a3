"""Small libcst queries and builders shared by the codemod's passes: single assignments,
`ctx.<method>(...)` calls, comment and blank lines, dtype conversions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import libcst as cst
import libcst.matchers as m

from migrate.fstring_fields import FieldMerges
from migrate.static import ModuleInfo
from migrate.static_refs import code_of, literal_string


def blank(n: int) -> list[cst.EmptyLine]:
    return [cst.EmptyLine() for _ in range(n)]


def comment_lines(stmt: cst.BaseStatement) -> list[cst.EmptyLine]:
    """Comments a dropped statement carried (own-line and trailing)."""
    lines = [ln for ln in stmt.leading_lines if ln.comment is not None]
    if isinstance(stmt, cst.SimpleStatementLine) and stmt.trailing_whitespace.comment is not None:
        lines.append(cst.EmptyLine(comment=stmt.trailing_whitespace.comment))
    return lines


def without_statements(stmts: Sequence[Any], dropped: Sequence[bool]
                       ) -> tuple[list[Any], list[cst.EmptyLine]]:
    """`stmts` minus the dropped ones. A dropped statement's comments move onto the next
    kept statement; those left after the last one are returned for the block's footer."""
    kept: list[Any] = []
    carry: list[cst.EmptyLine] = []
    for stmt, drop in zip(stmts, dropped, strict=True):
        if drop:
            carry.extend(comment_lines(stmt))
            continue
        if carry:
            stmt = stmt.with_changes(leading_lines=[*carry, *stmt.leading_lines])
            carry = []
        kept.append(stmt)
    return kept, carry


def with_body(block: Any, kept: list[Any], carry: list[cst.EmptyLine]) -> Any:
    """`block` holding `kept` (a `pass` when nothing is left), `carry` in its footer."""
    if not kept:
        kept, carry = [cst.SimpleStatementLine([cst.Pass()], leading_lines=carry)], []
    return block.with_changes(body=kept, footer=[*carry, *block.footer])


def single_assign(stmt: cst.BaseStatement) -> tuple[str, cst.BaseExpression] | None:
    if (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1
            and isinstance(stmt.body[0], cst.Assign) and len(stmt.body[0].targets) == 1
            and isinstance(stmt.body[0].targets[0].target, cst.Name)):
        return stmt.body[0].targets[0].target.value, stmt.body[0].value
    return None


def ctx_call(node: cst.BaseExpression, ctx: str, methods: tuple[str, ...]) -> str | None:
    if (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)
            and isinstance(node.func.value, cst.Name) and node.func.value.value == ctx
            and node.func.attr.value in methods and len(node.args) == 1):
        return literal_string(node.args[0].value)
    return None


class CtxCalls(cst.CSTVisitor):
    def __init__(self, ctx: str) -> None:
        self.ctx = ctx
        self.names = 0
        self.reads: list[str | None] = []

    def visit_Name(self, node: cst.Name) -> None:  # noqa: N802
        if node.value == self.ctx:
            self.names += 1

    def visit_Call(self, node: cst.Call) -> None:  # noqa: N802
        slot = ctx_call(node, self.ctx, ("input", "multi_input"))
        if slot is not None:
            self.reads.append(slot)


def dtype_conversion(info: ModuleInfo, node: cst.CSTNode, ctx: str) -> str | None:
    """`VarType(ctx.attr("dtype")).to_phi()` (or with `int(...)` around the read) -> "dtype"."""
    if not (isinstance(node, cst.Call) and not node.args and isinstance(node.func, cst.Attribute)
            and node.func.attr.value == "to_phi"):
        return None
    inner = node.func.value
    if not (isinstance(inner, cst.Call) and len(inner.args) == 1 and not inner.args[0].keyword
            and info.imports.is_symbol(inner.func, "VarType")):
        return None
    arg = inner.args[0].value
    if (isinstance(arg, cst.Call) and isinstance(arg.func, cst.Name) and arg.func.value == "int"
            and len(arg.args) == 1):
        arg = arg.args[0].value
    return ctx_call(arg, ctx, ("attr",))


def substitute_names(node: Any, values: dict[str, cst.BaseExpression]) -> Any:
    """`node` with each read of a name in `values` replaced by its expression (attribute
    and keyword names are not reads; a string literal that is a whole f-string field is
    merged into the f-string's text: `fstring_fields`)."""
    skip: set[cst.Name] = set()

    class Substitute(FieldMerges):
        def visit_Attribute(self, node: cst.Attribute) -> None:  # noqa: N802
            skip.add(node.attr)

        def visit_Arg(self, node: cst.Arg) -> None:  # noqa: N802
            if node.keyword is not None:
                skip.add(node.keyword)

        def leave_Name(self, original: cst.Name, updated: cst.Name  # noqa: N802
                       ) -> cst.BaseExpression:
            if original in skip or original.value not in values:
                return updated
            return self.substituted(values[original.value])

    return node.visit(Substitute())


_LITERAL = (m.Integer() | m.Float() | m.Imaginary() | m.SimpleString() | m.ConcatenatedString()
            | m.Name("True") | m.Name("False") | m.Name("None"))


def is_literal(node: cst.BaseExpression) -> bool:
    """A number, a string (no f-string), True/False/None, `-1`, or a tuple of those."""
    if m.matches(node, _LITERAL):
        return not m.findall(node, m.FormattedString())
    if isinstance(node, cst.UnaryOperation):
        return m.matches(node.operator, m.Minus() | m.Plus()) and m.matches(
            node.expression, m.Integer() | m.Float())
    if isinstance(node, cst.Tuple):
        return all(isinstance(e, cst.Element) and is_literal(e.value) for e in node.elements)
    return False


def body_statements(node: cst.FunctionDef | cst.ClassDef) -> list[cst.BaseStatement]:
    """The statements of a function's or class's body but a leading docstring."""
    body = list(node.body.body)
    first = body[0] if body else None
    if isinstance(first, cst.SimpleStatementLine) and len(first.body) == 1 and m.matches(
            first.body[0], m.Expr(m.SimpleString() | m.ConcatenatedString())):
        body = body[1:]
    return body


def first_line(node: cst.CSTNode) -> str:
    """The first line of `node` as written, stripped."""
    return code_of(node).strip().splitlines()[0]
