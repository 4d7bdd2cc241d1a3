"""A kernel registered through the module alias, one dtype given by its name."""

import pkg_house._compat as fw

_REAL = (fw.DataType.FLOAT32, fw.DataType.FLOAT64)


class HalfMaker(fw.FluidMaker):
    def make(self):
        self.add_input("X", "operand")
        self.add_output("Out", "half X")


class HalfOp(fw.FluidOperator):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class HalfKernel(fw.FluidKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data / 2


class ThirdKernel(fw.FluidKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data / 3


fw.fluid_register_operator("hx_half", HalfOp, HalfMaker)
fw.fluid_register_kernel("hx_half", "CPU", HalfKernel, *_REAL)
fw.fluid_register_operator("hx_third", HalfOp, HalfMaker)
fw.fluid_register_kernel("hx_third", "CPU", ThirdKernel, "float32")
