"""Team C's shared pieces: a maker, an operator, a mixin and a module helper, both
taking the ExecutionContext. Registers nothing."""

from __future__ import annotations

from typing import Any

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType

__all__ = ["SameShapeOp", "ScaleMixin", "ScaledMaker", "alloc_like"]


class ScaledMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input")
        self.add_output("Out", "result")
        self.add_attr("scale", AttrType.FLOAT, 2.0, "multiplier")


class SameShapeOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


def alloc_like(ctx: ExecutionContext, out: Any, like: Any) -> Any:
    """`out` allocated with `like`'s dtype on the kernel's place."""
    return out.mutable_data(ctx.place, like.dtype)


class ScaleMixin:
    FACTOR = 1.0

    def scale_of(self, ctx: ExecutionContext) -> float:
        return float(ctx.attr("scale")) * self.FACTOR
