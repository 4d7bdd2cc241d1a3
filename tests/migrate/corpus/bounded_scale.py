"""Team B: a bounded, scaled op written with class constants and short-hands.

Attribute names live in class constants, reads go through `get = ctx.attr`, bounds are
read by a comprehension over a constant tuple, the maker takes defaults from class
constants, and one subclass switches behaviour through a MODE constant.
"""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType


class BoundedMaker(OpProtoAndCheckerMaker):
    DEFAULT_FACTOR = 2.0

    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("factor", AttrType.FLOAT, self.DEFAULT_FACTOR, "scale")
        self.add_attr("lo", AttrType.FLOAT, -1.0, "low")
        self.add_attr("hi", AttrType.FLOAT, 1.0, "high")
        self.add_attr("min", AttrType.FLOAT, -0.5, "a floor, named like the builtin")
        self.add_attr("eps", AttrType.FLOAT, 0.0, "added last")


class BoundedOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        ctx.share_lod("X", "Out")


class BoundedScaleKernel(OpKernel):
    FACTOR_ATTR = "factor"
    BOUNDS = ("lo", "hi")
    MODE = "clip"

    def compute(self, ctx):
        get = ctx.attr
        x = ctx.input("X")
        factor = get(self.FACTOR_ATTR)
        lo, hi = [ctx.attr(name) for name in self.BOUNDS]
        floor = min(max(ctx.attr("min"), lo), hi)
        xp = ctx.xp
        if self.MODE == "clip":
            res = xp.clip(x.data * factor, floor, hi)
        else:
            res = x.data * factor
        if (eps := ctx.attr("eps")) != 0.0:
            res = res + eps
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = res


class BoundedRawKernel(BoundedScaleKernel):
    MODE = "raw"


register_operator("bounded_scale", BoundedOp, BoundedMaker)
register_op_kernel("bounded_scale", "CPU", BoundedScaleKernel, DataType.FLOAT32,
                   DataType.FLOAT64)
register_operator("bounded_raw", BoundedOp, BoundedMaker)
register_op_kernel("bounded_raw", "CPU", BoundedRawKernel, DataType.FLOAT32)
