"""The maker factory (type()-built, its signature annotated) and the ops' operator class."""

from typing import Any

from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType


class SameShapeOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


def simple_maker(name, inputs, outputs, attrs: list[tuple[str, AttrType, Any]] = (),
                 optional=()):
    def make(self):
        for slot in inputs:
            self.add_input(slot, slot, dispensable=slot in optional)
        for slot in outputs:
            self.add_output(slot, slot)
        for attr_name, attr_type, default in attrs:
            self.add_attr(attr_name, attr_type, default, attr_name)

    return type(name, (OpProtoAndCheckerMaker,), {"make": make})


def gated_maker(name, slot):
    """A maker whose `make` itself reads `Any` (its annotation): the class reads it."""

    def make(self: Any) -> None:
        self.add_input(slot, slot)
        self.add_output("Out", "Out")

    return type(name, (OpProtoAndCheckerMaker,), {"make": make})
