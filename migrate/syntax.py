"""Small libcst queries and builders shared by the codemod's passes: single assignments,
`ctx.<method>(...)` calls, comment and blank lines, dtype conversions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import libcst as cst
import libcst.matchers as m

from migrate.fstring_fields import FieldMerges
from migrate.names import load_names
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


def passes_ctx(call: cst.Call, ctx: str) -> bool:
    """Whether `call` is given the name `ctx` as one of its arguments."""
    return any(m.matches(a.value, m.Name(ctx)) for a in call.args)


def names_ctx_reads(body: cst.CSTNode, ctx: str) -> tuple[set[str], set[str]]:
    """The names `body` gives as the first argument of a `ctx.METHOD(...)` call (what ctx
    reads: `ctx.input(slot)`), and those read within a computed first argument
    (`ctx.output(slot or self.OUT)`)."""
    calls = [cst.ensure_type(c, cst.Call) for c in m.findall(body, m.Call(
        func=m.Attribute(value=m.Name(ctx)), args=[m.Arg(), m.ZeroOrMore()]))]
    firsts = [c.args[0].value for c in calls]
    return ({f.value for f in firsts if isinstance(f, cst.Name)},
            {n.value for f in firsts if not isinstance(f, cst.Name) for n in load_names(f)})


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


def first_of(tensors: cst.BaseExpression) -> cst.BaseExpression:
    """`(tensors[0] if tensors else None)`: what fluid's `ctx.input(SLOT)` reads of a
    duplicable slot, a PHI `Tensor[]` argument `tensors` (its first tensor, None when the
    program gives it none)."""
    first = cst.Subscript(tensors, [cst.SubscriptElement(cst.Index(cst.Integer("0")))])
    return cst.IfExp(test=tensors, body=first, orelse=cst.Name("None"),
                     lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


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


#: binding strength of each operator (higher binds tighter), as Python's grammar orders them
_BINARY = {cst.BitOr: 6, cst.BitXor: 7, cst.BitAnd: 8, cst.LeftShift: 9, cst.RightShift: 9,
           cst.Add: 10, cst.Subtract: 10, cst.Multiply: 11, cst.MatrixMultiply: 11,
           cst.Divide: 11, cst.FloorDivide: 11, cst.Modulo: 11, cst.Power: 13}
_ATOM = 16


def _strength(node: cst.BaseExpression) -> int:
    """How tightly `node` binds as written (a parenthesized node is an atom)."""
    if getattr(node, "lpar", ()):
        return _ATOM
    if isinstance(node, cst.BinaryOperation):
        return _BINARY[type(node.operator)]
    if isinstance(node, cst.UnaryOperation):
        return 4 if isinstance(node.operator, cst.Not) else 12
    if isinstance(node, cst.BooleanOperation):
        return 2 if isinstance(node.operator, cst.Or) else 3
    if isinstance(node, cst.Comparison):
        return 5
    if isinstance(node, cst.IfExp):
        return 1
    if isinstance(node, cst.Await):
        return 14
    if isinstance(node, (cst.Lambda, cst.NamedExpr, cst.Tuple, cst.Yield)):
        return 0
    return _ATOM


def _at_least(node: cst.BaseExpression, strength: int) -> cst.BaseExpression:
    if _strength(node) >= strength:
        return node
    return node.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


class _Regroup(cst.CSTTransformer):
    """Parentheses wherever an operand binds looser than its place needs."""

    def leave_BinaryOperation(self, original: cst.BinaryOperation,  # noqa: N802
                              updated: cst.BinaryOperation) -> cst.BaseExpression:
        p = _BINARY[type(updated.operator)]
        power = isinstance(updated.operator, cst.Power)
        return updated.with_changes(left=_at_least(updated.left, p + 1 if power else p),
                                    right=_at_least(updated.right, 12 if power else p + 1))

    def leave_UnaryOperation(self, original: cst.UnaryOperation,  # noqa: N802
                             updated: cst.UnaryOperation) -> cst.BaseExpression:
        return updated.with_changes(expression=_at_least(updated.expression, _strength(
            updated.with_changes(lpar=[], rpar=[]))))

    def leave_BooleanOperation(self, original: cst.BooleanOperation,  # noqa: N802
                               updated: cst.BooleanOperation) -> cst.BaseExpression:
        p = 2 if isinstance(updated.operator, cst.Or) else 3
        return updated.with_changes(left=_at_least(updated.left, p),
                                    right=_at_least(updated.right, p + 1))

    def leave_Comparison(self, original: cst.Comparison,  # noqa: N802
                         updated: cst.Comparison) -> cst.BaseExpression:
        return updated.with_changes(left=_at_least(updated.left, 6), comparisons=[
            c.with_changes(comparator=_at_least(c.comparator, 6)) for c in updated.comparisons])

    def leave_IfExp(self, original: cst.IfExp, updated: cst.IfExp  # noqa: N802
                    ) -> cst.BaseExpression:
        return updated.with_changes(test=_at_least(updated.test, 2),
                                    body=_at_least(updated.body, 2),
                                    orelse=_at_least(updated.orelse, 1))

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute  # noqa: N802
                        ) -> cst.BaseExpression:
        return updated.with_changes(value=_at_least(updated.value, _ATOM))

    def leave_Subscript(self, original: cst.Subscript, updated: cst.Subscript  # noqa: N802
                        ) -> cst.BaseExpression:
        return updated.with_changes(value=_at_least(updated.value, _ATOM))

    def leave_Call(self, original: cst.Call, updated: cst.Call  # noqa: N802
                   ) -> cst.BaseExpression:
        return updated.with_changes(func=_at_least(updated.func, _ATOM))

    def leave_Await(self, original: cst.Await, updated: cst.Await  # noqa: N802
                    ) -> cst.BaseExpression:
        return updated.with_changes(expression=_at_least(updated.expression, 15))


def regrouped(node: Any) -> Any:
    """`node` with parentheses added where an expression put into another (a field's or a
    constant's value substituted for a name) would otherwise be read with other operands:
    `x * p.bias`, bias `a + b`, is `x * (a + b)`, `p.k ** 2`, k `-1`, is `(-1) ** 2`."""
    return node.visit(_Regroup())
