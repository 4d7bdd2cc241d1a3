"""An old kernel: `__init__` stores the attribute names it knows (one from a module
constant), and an attribute added later is read only where the op carries it."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType

from . import base as b


class ScaleMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("scale", AttrType.FLOAT, 1.0, "factor")
        # `round_output` came later: not declared, read where an op carries it


class DsScaleKernel(OpKernel, object):  # noqa: UP004 - an old habit
    def __init__(self):
        super(DsScaleKernel, self).__init__()  # noqa: UP008
        self._names = ("scale", b.OLD_SCALE)

    def compute(self, ctx):
        x = ctx.input("X")
        res = x.data * ctx.attr(self._names[0])
        if ctx.has_attr("round_output") and ctx.attr("round_output"):
            res = ctx.xp.round(res)
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = res


register_operator("ds_scale", b.SameShapeOp, ScaleMaker)
register_op_kernel("ds_scale", "CPU", DsScaleKernel, *b.REAL)
