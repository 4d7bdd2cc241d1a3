"""A kernel reading a table keyed by an Enum's members."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType

from .base import REAL, SameShapeOp
from .modes import Rounding


class ModMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("rounding", AttrType.STRING, "floor", "trunc or floor")
        self.add_attr("divisor", AttrType.FLOAT, 1.5, "non-zero")


class DsModKernel(OpKernel):
    # rounding -> the array function computing it
    _BY_ROUNDING = {
        Rounding.TRUNC: "fmod",
        Rounding.FLOOR: "mod",
    }

    def compute(self, ctx):
        x = ctx.input("X")
        rounding = Rounding(ctx.attr("rounding"))
        fn = getattr(ctx.xp, self._BY_ROUNDING[rounding])
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = fn(x.data, ctx.attr("divisor"))


register_operator("ds_mod", SameShapeOp, ModMaker)
register_op_kernel("ds_mod", "CPU", DsModKernel, *REAL)
