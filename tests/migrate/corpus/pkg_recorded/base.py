"""The team's kernel base (slot names in a class-level dict), its maker factory and its
operator."""

from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel


class SlotKernel(OpKernel):
    SLOTS = {"x": "X", "out": "Out"}

    def inp(self, ctx, key):
        return ctx.input(self.SLOTS[key])

    def alloc(self, ctx, key, dtype):
        return ctx.output(self.SLOTS[key]).mutable_data(ctx.place, dtype)


class LikeXOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


def make_maker(name, inputs=("X",), attrs=()):
    """A maker class: an input spec ending in '?' is dispensable; attrs are (name, type,
    default) tuples."""

    def make(self):
        for spec in inputs:
            if spec.endswith("?"):
                self.add_input(spec[:-1], "", dispensable=True)
            else:
                self.add_input(spec, "")
        self.add_output("Out", "")
        for a in attrs:
            self.add_attr(*a)

    return type(name, (OpProtoAndCheckerMaker,), {"make": make})
