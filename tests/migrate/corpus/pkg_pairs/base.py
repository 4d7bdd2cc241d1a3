"""The binary template, its maker and operator."""

from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel


class PairMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "left")
        self.add_input("Y", "right")
        self.add_output("Out", "output")


class PairOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class _PairTemplate(OpKernel):
    """Out = FUNC(X, Y), written by the ufunc into the output buffer `out`."""

    FUNC = None

    def compute(self, ctx):
        x, y = ctx.input("X"), ctx.input("Y")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        fn = getattr(ctx.xp, self.FUNC)
        fn(x.data, y.data, out=out)


class _ShiftedTemplate(OpKernel):
    """Out = FUNC(X, Y) + 1: its local `out` is the buffer, then rebound to another array."""

    FUNC = None

    def compute(self, ctx):
        x, y = ctx.input("X"), ctx.input("Y")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        fn = getattr(ctx.xp, self.FUNC)
        fn(x.data, y.data, out=out)
        out = out + 1
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = out


class _ReleasingTemplate(OpKernel):
    """Out = FUNC(X, Y), its local `out` deleted once written: no plain local to rename."""

    FUNC = None

    def compute(self, ctx):
        x, y = ctx.input("X"), ctx.input("Y")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        fn = getattr(ctx.xp, self.FUNC)
        fn(x.data, y.data, out=out)
        del out
