"""The branches an inlined context manager's literal arguments decide (issue 23, cm50).

`produce(ctx, "Out", like=x)` leaves `dtype=None`, `keep_lod=False` and `lod=None` to their
defaults; inlined as written, `if dtype is None:` and `elif keep_lod and like is not None:`
would stay tests of values the call fixed. `fold_known` walks the helper's top-level
statements in order with each parameter given a literal (`known`): an `if` whose test those
literals decide (`P is None`, `P is not None`, `not P`, `P`, `==`/`!=` of literals, `and` /
`or` with a decided operand) is replaced by the statements of the branch taken, walked in
turn; a read of `P` before any statement storing it is the literal (`reads`); from the first
statement storing `P` on, `P` is the helper's local again, bound to the literal just before
that statement unless it is a plain `P = <value not reading P>` of the top level. A
parameter read by a nested function or lambda is not followed (the closure may run after a
store).
"""

from __future__ import annotations

import ast
from typing import Any

import libcst as cst
import libcst.matchers as m

from migrate.names import load_names, store_names
from migrate.static_refs import code_of

_NESTED = m.FunctionDef() | m.Lambda()


def fold_known(stmts: list[cst.BaseStatement], known: dict[str, cst.BaseExpression],
               reads: dict[cst.Name, cst.BaseExpression]) -> list[cst.BaseStatement]:
    """`stmts` with the `if`s `known` decides replaced by the branch taken (what follows a
    `raise` it then runs for sure goes: it is never reached), and a binding `P = <literal>`
    before the first statement storing a known `P` where needed; `known` loses each name
    once stored; each read of a known name before that goes into `reads` (the node -> its
    literal)."""
    return _fold(stmts, known, reads)[0]


def _fold(stmts: list[cst.BaseStatement], known: dict[str, cst.BaseExpression],
          reads: dict[cst.Name, cst.BaseExpression]) -> tuple[list[cst.BaseStatement], bool]:
    """`fold_known`'s statements, and whether they end raising for sure."""
    out: list[cst.BaseStatement] = []
    for stmt in stmts:
        chain = isinstance(stmt, cst.If) and not m.findall(stmt, m.NamedExpr())
        if chain:
            taken = _verdict(stmt.test, known)  # type: ignore[attr-defined]
            if taken is not None:
                branch = stmt.body.body if taken else _else_of(stmt.orelse)  # type: ignore[attr-defined]
                done, raises = _fold(list(branch), known, reads)
                out.extend(done)
                if raises:
                    return out, True
                continue
            # its tests run first, with what is known before it
            stmt = cst.ensure_type(_tests(stmt, known, reads), cst.If)
        stored = store_names(stmt, outer_only=False) & set(known)
        for name in sorted(stored):
            if not _plain_rebinding(stmt, name):
                out.append(cst.SimpleStatementLine([cst.Assign(
                    [cst.AssignTarget(cst.Name(name))], known[name].deep_clone())]))
            del known[name]
        if chain:
            stmt = _bodies(stmt, known, reads)  # type: ignore[arg-type]
        else:
            for n in load_names(stmt):
                if n.value in known:
                    reads[n] = known[n.value]
        out.append(stmt)
        if m.matches(stmt, m.SimpleStatementLine(body=[m.ZeroOrMore(), m.Raise()])):
            return out, True
    return out, False


def _tests(node: cst.If | cst.Else | None, known: dict[str, cst.BaseExpression],
           reads: dict[cst.Name, cst.BaseExpression]) -> cst.If | cst.Else | None:
    """An `if` / `elif` chain without the tests `known` decides (the first true one its
    `else`), its other tests' reads of known names in `reads`."""
    if not isinstance(node, cst.If):
        return node
    taken = _verdict(node.test, known)
    if taken is True:
        return cst.Else(body=node.body)
    if taken is False:
        return _tests(node.orelse, known, reads)
    test = _simplified(node.test, known)
    for n in load_names(test):
        if n.value in known:
            reads[n] = known[n.value]
    return node.with_changes(test=test, orelse=_tests(node.orelse, known, reads))


def _bodies(node: cst.If | cst.Else | None, known: dict[str, cst.BaseExpression],
            reads: dict[cst.Name, cst.BaseExpression]) -> Any:
    """An `if` chain with each branch's statements folded (each from what `known` holds
    before the chain: a branch's stores do not reach another branch)."""
    if node is None:
        return None
    done, _ = _fold(list(node.body.body), dict(known), reads)  # type: ignore[attr-defined]
    body = node.body.with_changes(body=done or [cst.SimpleStatementLine([cst.Pass()])])
    if isinstance(node, cst.Else):
        return node.with_changes(body=body)
    return node.with_changes(body=body, orelse=_bodies(node.orelse, known, reads))


def followed(body: cst.BaseSuite, name: str) -> bool:
    """Whether `name` may be followed through `body`: no nested function or lambda reads it."""
    return not any(n.value == name for f in m.findall(body, _NESTED)
                   for n in load_names(f))


def _else_of(orelse: cst.If | cst.Else | None) -> list[cst.BaseStatement]:
    if orelse is None:
        return []
    if isinstance(orelse, cst.If):
        return [orelse.with_changes(leading_lines=())]
    return list(orelse.body.body)  # type: ignore[attr-defined]


def _plain_rebinding(stmt: cst.BaseStatement, name: str) -> bool:
    """`name = <value>` (a top-level single-target assignment) whose value does not read it."""
    if not isinstance(stmt, cst.SimpleStatementLine) or len(stmt.body) != 1:
        return False
    small = stmt.body[0]
    return (isinstance(small, cst.Assign) and len(small.targets) == 1
            and m.matches(small.targets[0].target, m.Name(name))
            and not any(n.value == name for n in load_names(small.value)))


def _literal(node: cst.BaseExpression, known: dict[str, cst.BaseExpression]) -> tuple[bool, object]:
    """(True, the value) of a literal or a known name; (False, None) otherwise."""
    if isinstance(node, cst.Name) and node.value in known:
        node = known[node.value]
    if isinstance(node, (cst.SimpleString, cst.Integer, cst.Float)) or (
            isinstance(node, cst.Name) and node.value in ("None", "True", "False")):
        try:
            return True, ast.literal_eval(code_of(node).strip())
        except (ValueError, SyntaxError):
            return False, None
    return False, None


def _verdict(test: cst.BaseExpression, known: dict[str, cst.BaseExpression]) -> bool | None:
    """What `test` evaluates to, as a truth value, when `known`'s literals decide it."""
    if test.lpar and len(test.lpar) > 0:
        test = test.with_changes(lpar=(), rpar=())
    found, value = _literal(test, known)
    if found:
        return bool(value)
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        inner = _verdict(test.expression, known)
        return None if inner is None else not inner
    if isinstance(test, cst.BooleanOperation):
        left, right = _verdict(test.left, known), _verdict(test.right, known)
        if isinstance(test.operator, cst.And):
            return False if left is False else (right if left is True else None)
        return True if left is True else (right if left is False else None)
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        (lf, a), (rf, b) = _literal(test.left, known), _literal(
            test.comparisons[0].comparator, known)
        if not (lf and rf):
            return None
        op = test.comparisons[0].operator
        singletons = any(v is None or isinstance(v, bool) for v in (a, b))
        if isinstance(op, cst.Is) and singletons:
            return a is b
        if isinstance(op, cst.IsNot) and singletons:
            return a is not b
        if isinstance(op, cst.Equal):
            return bool(a == b)
        if isinstance(op, cst.NotEqual):
            return bool(a != b)
    return None


def _simplified(test: cst.BaseExpression, known: dict[str, cst.BaseExpression]
                ) -> cst.BaseExpression:
    """`test` (an `if`'s, read for its truth) without a left operand of `and` / `or` that
    `known` decides and that leaves the result to the right one (`True and E` is `E`)."""
    if isinstance(test, cst.BooleanOperation) and not test.lpar:
        left = _verdict(test.left, known)
        if left is (isinstance(test.operator, cst.And)):
            return _simplified(test.right, known)
    return test
