"""The negative twin: a kernel using the mixin whose table a function of its module changes
at run time."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType
from pkg_modes.checks import AllowedValuesMixin
from pkg_modes.ops import SameShapeOp, ScaleNormMaker


class LooseNormKernel(AllowedValuesMixin, OpKernel):
    MODES = {"mode": ("l1",)}

    def compute(self, ctx):
        self.check_modes(ctx)
        t = ctx.input("X")
        x = t.data
        ctx.output("Out").mutable_data(ctx.place, t.dtype)[...] = x * ctx.attr("scale")


def allow_mode(value):
    LooseNormKernel.MODES["mode"] = (*LooseNormKernel.MODES["mode"], value)


register_operator("md_loose_norm", SameShapeOp, ScaleNormMaker)
register_op_kernel("md_loose_norm", "CPU", LooseNormKernel, DataType.FLOAT32)
