"""Team P: an annotated `compute`, a decorated one, a kernel that copies the input's LoD,
one registered for complex dtypes, and one writing its output in place over its input
buffer's values (`out.data[...] = x.data; out.data *= 2`)."""

import functools

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType

from .common import FLOAT_TYPES


def traced(fn):
    @functools.wraps(fn)
    def run(self, ctx):
        return fn(self, ctx)

    return run


class XMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")


class XOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        ctx.share_lod("X", "Out")


class AnnotatedKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * 3


class TracedKernel(OpKernel):
    @traced
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = -x.data


class LodCopyKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out")
        out.mutable_data(ctx.place, x.dtype)[...] = x.data
        out.lod = [list(level) for level in x.lod]


class ConjKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.conj(x.data)


class DoubleInPlaceKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out")
        out.mutable_data(ctx.place, x.dtype)[...] = x.data
        out.data[...] *= 2


for _op, _kernel, _types in (
        ("team_pkg_annotated", AnnotatedKernel, FLOAT_TYPES),
        ("team_pkg_traced", TracedKernel, FLOAT_TYPES),
        ("team_pkg_lod_copy", LodCopyKernel, FLOAT_TYPES),
        ("team_pkg_conj", ConjKernel, (DataType.COMPLEX64, DataType.COMPLEX128)),
        ("team_pkg_double", DoubleInPlaceKernel, FLOAT_TYPES)):
    register_operator(_op, XOp, XMaker)
    register_op_kernel(_op, "CPU", _kernel, *_types)
