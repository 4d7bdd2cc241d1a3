"""`ctx.has_attr("NAME")` decided from the op proto, so the branches it decides fold.

fluidphi builds every operator of a program (the executor, `run_single_op`) through
`legacy_fluid.framework.op_registry.create_op`, which fills each attribute the proto
declares with a default the desc omits. So an attribute the op's maker declares with a
default (not None) is in every op desc of that op: `ctx.has_attr("NAME")` is `True`.
An attribute declared with no default, or with one the codemod cannot read, may be absent;
one the proto does not declare may still be carried (fluidphi does not reject undeclared
attributes): those calls are left, and the kernel is refused as depending on the OpDesc
(`why_undecided` says which case it is).

An attribute declared with no default read as a fallback (`ctx.attr(N) if ctx.has_attr(N)
else 1.0`, or `if ctx.has_attr(N): v = ctx.attr(N)` with `else: v = 1.0`, or
`ctx.has_attr(N) and ctx.attr(N)` of an undeclared one, whose fallback is False; a getter
whose guarded read returns it unless None, which no desc attribute is) is read into
`Fallbacks` and becomes a plain read whose PHI argument has the fallback as its default:
`alpha: Annotated[float, AttrDefault(1.0)]` (`phi.core.kernel_args`; a Python default
cannot stand before the outputs), which `compat.phi_args.convert_attr` gives where a desc
lacks the attribute, as the legacy kernel took its fallback there; ops.yaml gets it too.
Two fallback values, a fallback that is no literal, or a plain read beside a fallback
refuse the kernel (`Fallbacks.check`), and so does a fallback of an attribute the PHI
kernel takes as a Scalar, an IntArray or a DataType (`kernel._params`).

An attribute the proto does not declare at all, read as such a fallback, is taken the
same way when the fallback is a bool, int, float or str (a literal, or a module constant
`resolve` reads): the argument's type is the fallback's (`Fallbacks.undeclared` holds the
slot it stands for), its default the fallback, and the mapping reads it from the desc by
name (`compat.phi_args.convert_attr`, which refuses a desc value of another type rather
than convert it: no proto converted it for the legacy kernel either). Tested forms of
one (`is not None`) stay refused: nothing gives their type.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import libcst as cst
import libcst.matchers as m

from migrate.kernel_model import SkipError
from migrate.kernel_tidy import literal_value
from migrate.static_facts import UNKNOWN_DEFAULT, AttrSlot
from migrate.static_refs import code_of
from migrate.syntax import ctx_call, is_literal, single_assign

if TYPE_CHECKING:
    from migrate.static_facts import StaticProto


def always_set(proto: StaticProto, name: str) -> bool:
    """Whether every op desc of `proto`'s op has attribute `name` (declared with a default)."""
    attr = proto.attr(name)
    return attr is not None and attr.default is not None and attr.default is not UNKNOWN_DEFAULT


def why_undecided(proto: StaticProto, name: str) -> str:
    """Why `ctx.has_attr(name)` is not known before the op desc is (for a refusal)."""
    attr = proto.attr(name)
    if attr is None:
        return (f"the op proto does not declare '{name}', and fluidphi accepts attributes a "
                "proto does not declare, so an op desc may carry it or not")
    if attr.default is UNKNOWN_DEFAULT:
        return f"the op proto declares '{name}' with a default the codemod cannot read"
    return f"the op proto declares '{name}' with no default, so an op desc may lack it"


#: the Python type of an undeclared attribute's fallback -> the AttrType it is taken as
UNDECLARED_TYPES: dict[type, str] = {bool: "BOOLEAN", int: "INT", float: "FLOAT", str: "STRING"}
#: `resolve`'s answer for an expression that is no module constant
UNRESOLVED = object()


def _no_default(proto: StaticProto, name: str) -> bool:
    """Declared by the proto with no default: a desc may lack it (`create_op` fills none)."""
    attr = proto.attr(name)
    return attr is not None and attr.default is None


@dataclass
class Fallbacks:
    """The fallback value of each attribute declared with no default that a kernel reads as
    `ctx.attr(N) if ctx.has_attr(N) else VALUE` (compute and the helpers it lifts), how many
    of its reads those fallbacks are (the rest are plain reads), and the first thing that
    blocks each (`check` refuses only an attribute the kernel still reads: none in a branch
    folded away)."""

    values: dict[str, Any] = field(default_factory=dict)
    reads: dict[str, int] = field(default_factory=dict)
    blocked: dict[str, str] = field(default_factory=dict)
    #: attributes the proto does not declare, as the slot each is taken as (its type the
    #: first fallback's)
    undeclared: dict[str, AttrSlot] = field(default_factory=dict)

    def add(self, name: str, fallback: cst.BaseExpression, value: Any = UNRESOLVED,
            declared: bool = True) -> None:
        """A fallback read of `name`: `value` is the fallback's, if a module constant gave
        it (else `fallback` must be a literal)."""
        self.reads[name] = self.reads.get(name, 0) + 1
        how = "declares" if declared else "does not declare"
        if value is UNRESOLVED and not is_literal(fallback):
            self.blocked.setdefault(
                name, f"calls ctx.has_attr({name!r}) with fallback "
                      f"`{code_of(fallback).strip()}`, not a literal: the op proto {how} "
                      f"'{name}'" + (" with no default" if declared else "")
                      + ", and only a literal could be its PHI default")
            return
        if value is UNRESOLVED:
            value = literal_value(fallback)
        if not declared and type(value) not in UNDECLARED_TYPES:
            self.blocked.setdefault(
                name, f"calls ctx.has_attr({name!r}) with fallback {value!r}: the op proto "
                      f"does not declare '{name}', so only a bool, int, float or str fallback "
                      "gives its type")
            return
        if name in self.values and (type(self.values[name]), self.values[name]) != (
                type(value), value):
            self.blocked.setdefault(
                name, f"calls ctx.has_attr({name!r}) with two fallbacks, "
                      f"{self.values[name]!r} and {value!r}: the op proto {how} '{name}'"
                      + (" with no default" if declared else "")
                      + ", and its PHI default could be only one")
        self.values.setdefault(name, value)
        if not declared:
            self.undeclared.setdefault(name, AttrSlot(name, UNDECLARED_TYPES[type(value)]))

    def slot(self, proto: StaticProto, name: str) -> AttrSlot | None:
        """The attribute `name` as the kernel takes it: the proto's, else an undeclared one
        read as a fallback."""
        return proto.attr(name) or self.undeclared.get(name)

    def add_tested(self, name: str, reads: int) -> None:
        """`name` is read only under `ctx.has_attr(name)` tests (`reads` reads, tests
        included), each test now `ctx.attr(name) is not None`: its PHI default is None."""
        self.reads[name] = self.reads.get(name, 0) + reads
        if name in self.values and self.values[name] is not None:
            self.blocked.setdefault(
                name, f"calls ctx.has_attr({name!r}) with fallback {self.values[name]!r} and "
                      "tests it elsewhere: the op proto declares "
                      f"'{name}' with no default, and its PHI default could be only one")
        self.values.setdefault(name, None)

    def check(self, reads: dict[str, int], params: set[str]) -> dict[str, Any]:
        """Refuse each attribute with a fallback that the rewrite read (`reads` counts every
        `ctx.attr(N)` turned into a parameter; `params`: the attributes the kernel takes by
        any road) and that something blocks, naming it; else the PHI default of each (its
        fallback), by attribute."""
        taken = sorted(n for n in self.reads if reads.get(n, 0) or n in params)
        for name in taken:
            if name in self.blocked:
                raise SkipError(self.blocked[name])
            if reads.get(name, 0) > self.reads[name]:
                how = ("does not declare it" if name in self.undeclared
                       else f"declares '{name}' with no default")
                raise SkipError(f"reads attribute '{name}' plainly (ctx.attr) beside a "
                                f"ctx.has_attr({name!r}) fallback: the op proto {how}, so a "
                                "desc lacking it raises in one read and takes the fallback "
                                "in the other")
        return {name: self.values[name] for name in taken}


class _Fold(cst.CSTTransformer):
    def __init__(self, proto: StaticProto, ctx: str, fallbacks: Fallbacks | None,
                 resolve: Callable[[cst.BaseExpression], Any] | None) -> None:
        super().__init__()
        self.proto, self.ctx, self.fallbacks, self.resolve = proto, ctx, fallbacks, resolve

    def _fallback(self, test: cst.BaseExpression, read: cst.BaseExpression,
                  fallback: cst.BaseExpression) -> bool:
        """`test` is `CTX.has_attr(N)` of an attribute with no default or none declared,
        `read` is `CTX.attr(N)`: `fallback` recorded (or refused), True; else False."""
        name = ctx_call(test, self.ctx, ("has_attr",))
        if (self.fallbacks is None or name is None
                or ctx_call(read, self.ctx, ("attr",)) != name):
            return False
        declared = self.proto.attr(name) is not None
        if declared and not _no_default(self.proto, name):
            return False
        value = UNRESOLVED
        if not is_literal(fallback) and self.resolve is not None:
            value = self.resolve(fallback)
        # a bare name no constant gives (a helper's parameter) is left: the old refusal
        # names the test; so is a fallback of an undeclared attribute that is no constant
        if value is UNRESOLVED and not is_literal(fallback) and (
                isinstance(fallback, cst.Name) or not declared):
            return False
        self.fallbacks.add(name, fallback, value, declared)
        return True

    def leave_IfExp(self, original: cst.IfExp, updated: cst.IfExp  # noqa: N802
                    ) -> cst.BaseExpression:
        if self._fallback(updated.test, updated.body, updated.orelse):
            return updated.body.with_changes(lpar=updated.lpar, rpar=updated.rpar)
        return updated

    def leave_If(self, original: cst.If, updated: cst.If  # noqa: N802
                 ) -> cst.BaseStatement | cst.RemovalSentinel:
        # `if CTX.has_attr(N): v = CTX.attr(N)` / `else: v = VALUE`, or the `not` form
        orelse = updated.orelse
        if not isinstance(orelse, cst.Else) or len(updated.body.body) != 1 or \
                len(orelse.body.body) != 1:
            return updated
        test, then, other = updated.test, updated.body.body[0], orelse.body.body[0]
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            test, then, other = test.expression, other, then
        got, alt = single_assign(then), single_assign(other)
        if got is None or alt is None or got[0] != alt[0] or \
                not self._fallback(test, got[1], alt[1]):
            return updated
        return then.with_changes(leading_lines=updated.leading_lines)

    def leave_IndentedBlock(self, original: cst.IndentedBlock,  # noqa: N802
                            updated: cst.IndentedBlock) -> cst.IndentedBlock:
        # `if CTX.has_attr(N): return CTX.attr(N)` then `return VALUE` (a getter helper),
        # or the `not` form: the two are the plain read's return
        body = list(updated.body)
        for i in range(len(body) - 1):
            pair = returned_test(body[i], body[i + 1])
            if pair is None:
                continue
            test, then, other = pair
            if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
                test, then, other = test.expression, other, then
            if self._fallback(test, then, other):
                line = cst.SimpleStatementLine([cst.Return(then)],
                                               leading_lines=body[i].leading_lines)
                return updated.with_changes(body=[*body[:i], line, *body[i + 2:]])
        return updated

    def leave_Call(self, original: cst.Call, updated: cst.Call  # noqa: N802
                   ) -> cst.BaseExpression:
        name = ctx_call(updated, self.ctx, ("has_attr",))
        if name is not None and always_set(self.proto, name):
            return cst.Name("True", lpar=updated.lpar, rpar=updated.rpar)
        return updated

    def leave_BooleanOperation(self, original: cst.BooleanOperation,  # noqa: N802
                               updated: cst.BooleanOperation) -> cst.BaseExpression:
        # `CTX.has_attr(N) and CTX.attr(N)` of an attribute no maker declares: the read, or
        # False where the desc lacks N (one declared with no default: the tested form below)
        name = ctx_call(updated.left, self.ctx, ("has_attr",))
        if isinstance(updated.operator, cst.And) and name is not None and \
                self.proto.attr(name) is None and self._fallback(
                updated.left, updated.right, cst.Name("False")):
            return updated.right.with_changes(lpar=updated.lpar, rpar=updated.rpar)
        # `True and X` is X, `True or X` is True (the value, not only its truth)
        if m.matches(updated.left, m.Name("True")) and not updated.lpar:
            return updated.right if isinstance(updated.operator, cst.And) else updated.left
        return updated


def _returned_unless_none(stmt: cst.If) -> cst.BaseExpression | None:
    """`C.attr(N)` of `if C.has_attr(N):` holding `v = C.attr(N)` then `if v is not None:
    return v` alone (no else anywhere): the read returned whenever the desc holds N, since
    an op desc holds no None attribute (`run_single_op` and the loader refuse one); None
    for any other statement."""
    body = stmt.body.body
    if stmt.orelse is not None or len(body) != 2 or not m.matches(stmt.test, m.Call(
            func=m.Attribute(value=m.Name(), attr=m.Name("has_attr")), args=[m.Arg()])):
        return None
    got, inner = single_assign(body[0]), body[1]
    test = cst.ensure_type(stmt.test, cst.Call)
    read = test.with_changes(func=cst.ensure_type(test.func, cst.Attribute).with_changes(
        attr=cst.Name("attr")))
    if got is None or not got[1].deep_equals(read) or not isinstance(inner, cst.If) or \
            inner.orelse is not None or len(inner.body.body) != 1:
        return None
    local = m.Name(got[0])
    if not m.matches(inner.test, m.Comparison(left=local, comparisons=[
            m.ComparisonTarget(operator=m.IsNot(), comparator=m.Name("None"))])):
        return None
    return got[1] if m.matches(_returned(inner.body.body[0]), local) else None


def _returned(stmt: cst.CSTNode) -> cst.BaseExpression | None:
    """The value of `stmt` when it is a lone `return VALUE` line."""
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(
            stmt.body[0], cst.Return) and stmt.body[0].value is not None:
        return stmt.body[0].value
    return None


def returned_test(first: cst.CSTNode, second: cst.CSTNode
                  ) -> tuple[cst.BaseExpression, cst.BaseExpression, cst.BaseExpression] | None:
    """(test, value returned where it holds, value returned after) of `if TEST: return A`
    (nothing else, no else; or a has_attr test's read returned unless None) followed by
    `return B`; None for other statements."""
    if not isinstance(first, cst.If) or first.orelse is not None:
        return None
    then = _returned(first.body.body[0]) if len(first.body.body) == 1 else \
        _returned_unless_none(first)  # `v = C.attr(N)`, `if v is not None: return v`
    other = _returned(second)
    if then is None or other is None:
        return None
    return first.test, then, other


class _Guards(cst.CSTVisitor):
    """Counts, per attribute of `names`, the `CTX.attr(N)` reads that run only where a
    `CTX.has_attr(N)` holds (in the body of an `if` or `a if ... else b` whose test is it
    or an `and` of it, right of it in an `and`), and names those read anywhere else."""

    def __init__(self, ctx: str, names: set[str]) -> None:
        super().__init__()
        self.ctx, self.names = ctx, names
        self.stack: list[cst.CSTNode] = []
        self.guarded: dict[str, int] = {}
        self.unguarded: set[str] = set()

    def on_visit(self, node: cst.CSTNode) -> bool:
        name = ctx_call(node, self.ctx, ("attr",)) if isinstance(node, cst.Call) else None
        if name in self.names:
            if self._guarded(node, name):  # type: ignore[arg-type]
                self.guarded[name] = self.guarded.get(name, 0) + 1  # type: ignore[index]
            else:
                self.unguarded.add(name)  # type: ignore[arg-type]
        self.stack.append(node)
        return True

    def on_leave(self, original_node: cst.CSTNode) -> None:
        self.stack.pop()

    def _implies(self, test: cst.BaseExpression, name: str) -> bool:
        if ctx_call(test, self.ctx, ("has_attr",)) == name:
            return True
        return isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And) \
            and (self._implies(test.left, name) or self._implies(test.right, name))

    def _guarded(self, node: cst.CSTNode, name: str) -> bool:
        child = node
        for parent in reversed(self.stack):
            if (isinstance(parent, (cst.If, cst.IfExp)) and child is parent.body
                    and self._implies(parent.test, name)) or (
                    isinstance(parent, cst.BooleanOperation) and child is parent.right
                    and isinstance(parent.operator, cst.And)
                    and self._implies(parent.left, name)):
                return True
            child = parent
        return False


class _Tested(cst.CSTTransformer):
    """Each `CTX.has_attr(N)` of `names` as `(CTX.attr(N) is not None)`."""

    def __init__(self, ctx: str, names: set[str]) -> None:
        super().__init__()
        self.ctx, self.names = ctx, names

    def leave_Call(self, original: cst.Call, updated: cst.Call  # noqa: N802
                   ) -> cst.BaseExpression:
        name = ctx_call(updated, self.ctx, ("has_attr",))
        if name not in self.names:
            return updated
        read = updated.with_changes(func=updated.func.with_changes(  # type: ignore[attr-defined]
            attr=cst.Name("attr")), lpar=[], rpar=[])
        return cst.Comparison(read, [cst.ComparisonTarget(cst.IsNot(), cst.Name("None"))],
                              lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


def _has_attr_tests(block: Any, ctx: str) -> list[str]:
    calls = m.findall(block, m.Call(func=m.Attribute(value=m.Name(ctx), attr=m.Name("has_attr"))))
    return [n for c in calls if (n := ctx_call(c, ctx, ("has_attr",))) is not None]


def fold_has_attr(proto: StaticProto, block: Any, ctx: str,
                  fallbacks: Fallbacks | None = None,
                  resolve: Callable[[cst.BaseExpression], Any] | None = None) -> Any:
    """`block` with each `CTX.has_attr("NAME")` of an attribute every desc has as `True`
    (the caller folds the branches it decides: `kernel_tidy.fold_dead_branches`), and, given
    `fallbacks`, each fallback read of an attribute with no default as its plain read; the
    tests left of an attribute with no default that `block` reads only where they hold
    (`_Guards`) become `CTX.attr(N) is not None`, its PHI default None: a desc lacking it
    gives the kernel None, where the legacy kernel saw the test fail. `resolve` gives the
    value of a fallback that is a module constant (UNRESOLVED where it is none)."""
    block = block.visit(_Fold(proto, ctx, fallbacks, resolve))
    if fallbacks is None:
        return block
    tests = [n for n in _has_attr_tests(block, ctx) if _no_default(proto, n)]
    if not tests:
        return block
    guards = _Guards(ctx, set(tests))
    block.visit(guards)
    tested = set(tests) - guards.unguarded
    for name in sorted(tested):
        fallbacks.add_tested(name, tests.count(name) + guards.guarded.get(name, 0))
    return block.visit(_Tested(ctx, tested)) if tested else block
