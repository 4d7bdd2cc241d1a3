"""Kernels allocating through `kit`; `gi_fallback` reads a required input it handles
being missing; `gi_diff` writes an extra output (`Diff`) only where the program
asks for it, testing it through an alias."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType

from .kit import alloc_like, written_like

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)


class UnaryMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "operand")
        self.add_output("Out", "result")


class LikeMaker(UnaryMaker):
    def make(self):
        super().make()
        self.add_input("Ref", "the tensor Out is allocated like")


class BiasMaker(UnaryMaker):
    def make(self):
        super().make()
        self.add_input("Bias", "added when given", dispensable=True)


class PairMaker(UnaryMaker):
    def make(self):
        super().make()
        self.add_input("Y", "added; X again when missing")


class DiffMaker(UnaryMaker):
    def make(self):
        super().make()
        self.add_output("Diff", "Out - X, when a program fetches it", extra=True)


class SameAsX(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        if ctx.has_output("Diff"):
            ctx.share_dim("X", "Diff")
            ctx.set_output_dtype("Diff", ctx.get_input_dtype("X"))


class GuardNegKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = alloc_like(ctx, "Out", x)
        out[...] = -x.data


class GuardShiftKernel(OpKernel):
    def compute(self, ctx):
        x, ref = ctx.input("X"), ctx.input("Ref")
        with written_like(ctx, "Out", ref) as out:
            out[...] = x.data + 1


class BiasAddKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        bias = ctx.input("Bias")
        out = alloc_like(ctx, "Out", x)
        out[...] = x.data if bias is None else x.data + bias.data


class FallbackAddKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        y = ctx.input("Y")
        if y is None:
            y = x
        out = alloc_like(ctx, "Out", x)
        out[...] = x.data + y.data


class AliasDiffKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = alloc_like(ctx, "Out", x)
        out[...] = x.data * 2
        d = ctx.output("Diff")
        if d is not None:
            d.mutable_data(ctx.place, x.dtype)[...] = x.data


for _op, _maker, _kernel in (("gi_neg", UnaryMaker, GuardNegKernel),
                             ("gi_diff", DiffMaker, AliasDiffKernel),
                             ("gi_shift", LikeMaker, GuardShiftKernel),
                             ("gi_bias", BiasMaker, BiasAddKernel),
                             ("gi_fallback", PairMaker, FallbackAddKernel)):
    register_operator(_op, SameAsX, _maker)
    register_op_kernel(_op, "CPU", _kernel, *FLOATS)
