"""The shared pieces of team H: dtype tuple, makers, operator, template kernel bases.
Registers nothing; the op modules import what they need from here, the framework's
names included (`from .shared import DataType`)."""

from __future__ import annotations

from typing import Any

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType

__all__ = [
    "FLOATS",
    "AttrType",
    "DataType",
    "MapBase",
    "PowerMixin",
    "SameShapeOp",
    "XOutFactorMaker",
    "XOutMaker",
    "register_op_kernel",
    "register_operator",
    "shifted",
]

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)


def shifted(values: Any, by: float) -> Any:
    return values + by


class XOutMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input")
        self.add_output("Out", "result")


class XOutFactorMaker(XOutMaker):
    def make(self) -> None:
        super().make()
        self.add_attr("factor", AttrType.FLOAT, 2.0, "multiplier")


class SameShapeOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class MapBase(OpKernel):
    """Out = self.fn(xp, X) + OFFSET, in X's dtype."""

    OFFSET = 0.0

    def fn(self, xp: Any, x: Any) -> Any:
        raise NotImplementedError

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        data[...] = shifted(self.fn(ctx.xp, x.data), self.OFFSET)


class PowerMixin:
    POWER = 2

    def fn(self, xp: Any, x: Any) -> Any:
        return x ** self.POWER
