"""Team U's kit: an op, a maker, a kernel base calling `apply` and a factory of kernels."""

from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel


class PlainOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class PlainMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "result")


class ElementwiseKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = self.apply(x.data)

    def apply(self, v):
        raise NotImplementedError


def elementwise_kernel(label, fn, doc):
    """A kernel class applying `fn`, named `label` as if its caller's module defined it."""

    class _Made(ElementwiseKernel):
        __doc__ = doc

        def apply(self, v):
            return fn(v)

    _Made.__name__ = label
    _Made.__qualname__ = label
    _Made.__module__ = getattr(fn, "__module__", __name__)
    return _Made
