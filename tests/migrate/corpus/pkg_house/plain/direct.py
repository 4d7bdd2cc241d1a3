"""A kernel registered by hand, names from `.._compat`."""

from .._compat import (
    DataType,
    FluidKernel,
    FluidMaker,
    FluidOperator,
    KernelContext,
    fluid_register_kernel,
    fluid_register_operator,
)


class DoubleMaker(FluidMaker):
    def make(self):
        self.add_input("X", "operand")
        self.add_output("Out", "twice X")


class DoubleOp(FluidOperator):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class DoubleKernel(FluidKernel):
    def compute(self, ctx: KernelContext):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * 2


fluid_register_operator("hx_double", DoubleOp, DoubleMaker)
fluid_register_kernel("hx_double", "CPU", DoubleKernel, DataType.FLOAT32, DataType.FLOAT64)
