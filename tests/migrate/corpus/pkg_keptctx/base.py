"""The kernel base of the package: compute() keeps the context for fail()'s messages."""

from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType

REAL = (DataType.FLOAT32, DataType.FLOAT64)


class KeptBase(OpKernel, object):  # noqa: UP004 - an old habit
    op_name = None
    out_slot = "Out"

    def __init__(self):
        super(KeptBase, self).__init__()  # noqa: UP008
        self._ctx = None

    def compute(self, ctx):
        """Runs run() with the context kept for the messages."""
        self._ctx = ctx
        self.run(ctx)

    def run(self, ctx):
        raise NotImplementedError

    def fail(self, msg, *args):
        name = self.op_name or (self._ctx.op_type if self._ctx is not None else "?")
        raise ValueError("%s: %s" % (name, msg % args if args else msg))  # noqa: UP031

    def alloc_out(self, ctx, dtype, slot=None):
        return ctx.output(slot or self.out_slot).mutable_data(ctx.place, dtype)


class FactorMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("factor", AttrType.FLOAT, 2.0, "a factor, >= 0")


class SameShapeOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
