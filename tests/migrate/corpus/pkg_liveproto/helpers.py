"""Team L's shared pieces: an operator class, slot lists, maker helpers."""

from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType

#: the operand and result of every one-in, one-out op of the team
SLOTS = ("X", "Out")


class KeepShape(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


def declare(maker, operand, result, *attrs):
    """The slots of a one-in, one-out op and its float attributes (name, default)."""
    maker.add_input(operand, "operand")
    maker.add_output(result, "result")
    for name, default in attrs:
        maker.add_attr(name, AttrType.FLOAT, default, "a float attribute")


class MakerRegistry:
    """Makers built from a spec table, looked up by op type."""

    def __init__(self):
        self._makers = {}

    def build(self, op_type, *attrs):
        def make(self):
            declare(self, *SLOTS, *attrs)
        self._makers[op_type] = type(f"{op_type}_maker", (OpProtoAndCheckerMaker,),
                                     {"make": make})
        return self._makers[op_type]

    def __getitem__(self, op_type):
        return self._makers[op_type]
