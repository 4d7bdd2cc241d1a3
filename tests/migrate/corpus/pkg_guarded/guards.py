"""The template kernel, the guard mixin and the maker and operator they share."""

from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel

#: the buffer the remembering template filled last
out = None


class PlainMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")


class SameOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class FiniteGuard:
    """Refuses non-finite input, then lets the next class of the MRO compute."""

    def compute(self, ctx):
        x = ctx.input("X")
        if not ctx.xp.all(ctx.xp.isfinite(x.data)):
            raise ValueError("non-finite input")
        super().compute(ctx)


class DoubledTemplate(OpKernel):
    """Out = 2 * X, the output buffer held in a local named `out`."""

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = sum(v for v in [x.data, x.data] if out is not None)


class RememberingTemplate(OpKernel):
    """Out = X + 1, its buffer kept in the module's `out` as well."""

    def compute(self, ctx):
        global out
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data + 1
