"""The older module: kernels registered by hand from a table at its bottom."""

from . import _compat as fw

_REAL = (fw.DataType.FLOAT32, fw.DataType.FLOAT64)


class UnaryMaker(fw.FluidMaker):
    def make(self):
        self.add_input("X", "operand")
        self.add_output("Out", "result")


class UnaryOp(fw.FluidOperator):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class NegKernel(fw.FluidKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = -x.data


class AbsKernel(fw.FluidKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.abs(x.data)


V1_OPS = (
    ("hx_neg", UnaryOp, UnaryMaker, NegKernel, _REAL),
    ("hx_abs", UnaryOp, UnaryMaker, AbsKernel, (fw.DataType.FLOAT32,)),
)

for _op, _operator, _maker, _kernel, _cpu in V1_OPS:
    fw.fluid_register_operator(_op, _operator, _maker)
    fw.fluid_register_kernel(_op, "CPU", _kernel, *_cpu)
