"""`ctx.has_attr("NAME")` decided from the op proto, so the branches it decides fold.

fluidphi builds every operator of a program (the executor, `run_single_op`) through
`legacy_fluid.framework.op_registry.create_op`, which fills each attribute the proto
declares with a default the desc omits. So an attribute the op's maker declares with a
default (not None) is in every op desc of that op: `ctx.has_attr("NAME")` is `True`.
An attribute declared with no default, or with one the codemod cannot read, may be absent;
one the proto does not declare may still be carried (fluidphi does not reject undeclared
attributes): those calls are left, and the kernel is refused as depending on the OpDesc
(`why_undecided` says which case it is).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import libcst as cst
import libcst.matchers as m

from migrate.static_facts import UNKNOWN_DEFAULT
from migrate.syntax import ctx_call

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


class _Fold(cst.CSTTransformer):
    def __init__(self, proto: StaticProto, ctx: str) -> None:
        super().__init__()
        self.proto, self.ctx = proto, ctx

    def leave_Call(self, original: cst.Call, updated: cst.Call  # noqa: N802
                   ) -> cst.BaseExpression:
        name = ctx_call(updated, self.ctx, ("has_attr",))
        if name is not None and always_set(self.proto, name):
            return cst.Name("True", lpar=updated.lpar, rpar=updated.rpar)
        return updated

    def leave_BooleanOperation(self, original: cst.BooleanOperation,  # noqa: N802
                               updated: cst.BooleanOperation) -> cst.BaseExpression:
        # `True and X` is X, `True or X` is True (the value, not only its truth)
        if m.matches(updated.left, m.Name("True")) and not updated.lpar:
            return updated.right if isinstance(updated.operator, cst.And) else updated.left
        return updated


def fold_has_attr(proto: StaticProto, block: Any, ctx: str) -> Any:
    """`block` with each `CTX.has_attr("NAME")` of an attribute every desc has as `True`
    (the caller folds the branches it decides: `kernel_tidy.fold_dead_branches`)."""
    return block.visit(_Fold(proto, ctx))
