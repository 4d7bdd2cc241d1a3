# ruff: noqa: F405
from ..core.fw import *  # noqa: F403


class HalfMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("alpha", AttrType.FLOAT, 1.0, "scale")


class HalfOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class HalfKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * ctx.attr("alpha") * 0.5


register_operator("sl_half", HalfOp, HalfMaker)
register_op_kernel("sl_half", "CPU", HalfKernel, DataType.FLOAT32, DataType.FLOAT64)
