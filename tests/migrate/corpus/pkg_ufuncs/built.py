"""Team U: a kernel written as a class statement next to one built by `type(...)` at import
time on a template base, and a kernel composing the latter, all registered by plain
calls."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType


class UfuncMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")


class UfuncOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class _Scaled(OpKernel):
    FACTOR = 1.0

    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * self.FACTOR


class DoubleKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + x.data


HalfKernel = type("HalfKernel", (_Scaled,), {"FACTOR": 0.5})


class AliasHalfKernel(OpKernel):
    """Composes the kernel built at run time, which stays legacy."""

    def compute(self, ctx):
        HalfKernel().compute(ctx)


register_operator("uf_double", UfuncOp, UfuncMaker)
register_op_kernel("uf_double", "CPU", DoubleKernel, DataType.FLOAT32)
register_operator("uf_half", UfuncOp, UfuncMaker)
register_op_kernel("uf_half", "CPU", HalfKernel, DataType.FLOAT32)
register_operator("uf_alias_half", UfuncOp, UfuncMaker)
register_op_kernel("uf_alias_half", "CPU", AliasHalfKernel, DataType.FLOAT32)
