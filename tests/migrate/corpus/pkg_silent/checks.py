"""Team Q: a kernel that only checks its input (the proto names an output it never writes),
one writing `Out` only in one branch, one writing nothing at all, and a neighbour that
scales its input: the neighbour migrates whatever its module's other kernels do."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)


class GuardMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("limit", AttrType.FLOAT, 10.0, "largest magnitude allowed")
        self.add_attr("scaled", AttrType.BOOLEAN, True, "write the scaled input")


class GuardOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class FiniteCheckKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        if not ctx.xp.all(ctx.xp.abs(x.data) <= ctx.attr("limit")):
            raise ValueError("qs_finite_check: input out of range")


class MaybeScaleKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        if ctx.attr("scaled"):
            out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
            out[...] = x.data * 2.0


class NoopKernel(OpKernel):
    def compute(self, ctx):
        pass


class ScaleKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data / ctx.attr("limit")


register_operator("qs_finite_check", GuardOp, GuardMaker)
register_operator("qs_maybe_scale", GuardOp, GuardMaker)
register_operator("qs_noop", GuardOp, GuardMaker)
register_operator("qs_scale", GuardOp, GuardMaker)
for _dt in FLOATS:
    register_op_kernel("qs_finite_check", "CPU", FiniteCheckKernel, _dt)
    register_op_kernel("qs_maybe_scale", "CPU", MaybeScaleKernel, _dt)
    register_op_kernel("qs_noop", "CPU", NoopKernel, _dt)
    register_op_kernel("qs_scale", "CPU", ScaleKernel, _dt)
