"""Team F's factories: a maker and a kernel class built per call, a kernel factory naming
and describing its class (`__name__`, `__qualname__`, `__doc__`), a maker factory taking its
extra attributes as `*attrs`, a kernel factory applying `*fns` in turn, a kernel factory
calling a `functools.partial` of a module function bound to its parameters, and factories
doing more than building one class (a closure over a list, a class attribute set after the
class statement, a partial with a keyword or with an argument a call computes)."""

import functools

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType


class UnaryOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


def make_unary_maker(doc, alpha=1.0):
    """A maker of X -> Out with a float `alpha` defaulting to `alpha`."""

    class _Maker(OpProtoAndCheckerMaker):
        def make(self):
            self.add_input("X", "input")
            self.add_output("Out", doc)
            self.add_attr("alpha", AttrType.FLOAT, alpha, "scale of the result")

    return _Maker


def unary_kernel(fn):
    """A kernel computing alpha * fn(x) element-wise."""
    note = "element-wise"

    class _Kernel(OpKernel):
        def compute(self, ctx: ExecutionContext):
            x = ctx.input("X")
            out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
            out[...] = fn(x.data) * ctx.attr("alpha")  # note: computed element-wise

        def describe(self):
            return note

    return _Kernel


def counted_kernel(fn):
    """A kernel remembering each call in a list the factory made (a closure over it)."""
    calls = []

    class _Counted(OpKernel):
        def compute(self, ctx):
            calls.append(1)
            x = ctx.input("X")
            ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = fn(x.data)

    return _Counted


def chained_kernel(*fns):
    """A kernel applying each of `fns` in turn."""

    class _Chained(OpKernel):
        def compute(self, ctx):
            x = ctx.input("X")
            v = x.data
            for f in fns:
                v = f(v)
            ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = v

    return _Chained


def named_kernel(name, fn, doc=""):
    """A kernel computing fn(x) - x, its class named `name` and described by `doc`."""

    class _Named(OpKernel):
        def compute(self, ctx):
            x = ctx.input("X")
            ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = fn(x.data) - x.data

    _Named.__name__ = _Named.__qualname__ = name
    _Named.__doc__ = doc or f"Out = {name}(X) - X"
    _Named.__module__ = __name__
    return _Named


def tuned_kernel(fn):
    """A kernel whose class gets a tuning attribute after its statement (read by compute)."""

    class _Tuned(OpKernel):
        def compute(self, ctx):
            x = ctx.input("X")
            ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = fn(x.data) * self.gain

    _Tuned.gain = 3.0
    return _Tuned


def maker_with(doc, *attrs):
    """A maker of X -> Out plus one float attribute per (name, default, comment) of `attrs`."""

    class _WithAttrs(OpProtoAndCheckerMaker):
        def make(self):
            self.add_input("X", "input")
            self.add_output("Out", doc)
            for name, default, comment in attrs:
                self.add_attr(name, AttrType.FLOAT, default, comment)

    return _WithAttrs


def _offset(cmp, sign, x, eps):
    return cmp(x, sign * eps)


def offset_kernel(cmp, sign):
    """A kernel computing cmp(X, sign * alpha) through a partial of `_offset`."""
    fn = functools.partial(_offset, cmp, sign)

    class _Offset(OpKernel):
        def compute(self, ctx):
            x = ctx.input("X")
            ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = fn(x.data, ctx.attr("alpha"))

    return _Offset


def _unit():
    return 1


def built_offset_kernel(cmp):
    """The same with the partial's `sign` computed by a call (once, where the partial is
    made)."""
    fn = functools.partial(_offset, cmp, _unit())

    class _BuiltOffset(OpKernel):
        def compute(self, ctx):
            x = ctx.input("X")
            ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = fn(x.data, ctx.attr("alpha"))

    return _BuiltOffset


def keyword_offset_kernel(cmp):
    """The same with the partial's `sign` a keyword, which a call could override."""
    fn = functools.partial(_offset, cmp, sign=-1)

    class _KeywordOffset(OpKernel):
        def compute(self, ctx):
            x = ctx.input("X")
            ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = fn(x=x.data,
                                                                          eps=ctx.attr("alpha"))

    return _KeywordOffset


def titled_kernel(fn):
    """A kernel computing fn(x), its class named after the function it is given."""

    class _Titled(OpKernel):
        def compute(self, ctx):
            x = ctx.input("X")
            ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = fn(x.data)

    _Titled.__name__ = _Titled.__qualname__ = fn.__name__.title() + "Kernel"
    return _Titled
