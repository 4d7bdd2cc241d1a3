"""Team L's elementwise ops, each declared and provided through the ledger, reached by
name, through the module and through a partial of the helper."""

from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel

from . import ledger
from .ledger import booked, declare, host_only, provide, provide_audited, provide_tagged


class OneInMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "operand")
        self.add_output("Out", "result")


class KeepShape(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class CubeImpl(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data ** 3


class HalveImpl(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data / 2


class NegateImpl(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = -x.data


class TaggedImpl(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + 3


class AuditedImpl(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data - 3


@booked("lg_booked")
class BookedImpl(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * 5


for _op in ("lg_cube", "lg_booked", "lg_halve", "lg_negate", "lg_tagged", "lg_audited"):
    declare(_op, KeepShape, OneInMaker)

provide("lg_cube", CubeImpl)
ledger.provide("lg_halve", HalveImpl, places=ledger.HOST)
host_only("lg_negate", NegateImpl)
provide_tagged("lg_tagged", TaggedImpl)
provide_audited("lg_audited", AuditedImpl)
