"""Team D's makers and operator. Registers nothing."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import InferShapeContext
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType


class PairMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "left operand")
        self.add_input("Y", "right operand")
        self.add_output("Out", "result")


class BlendMaker(PairMaker):
    def make(self) -> None:
        super().make()
        self.add_input("Ratio", "per-element ratio, instead of `ratio`", dispensable=True)
        self.add_attr("ratio", AttrType.FLOAT, 0.25, "share of Y")


class ShiftMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input")
        self.add_output("Out", "result")
        self.add_attr("shift", AttrType.FLOAT, 1.5, "added to X")


class SameShapeOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
