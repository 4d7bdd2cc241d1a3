"""Framework names by a star import of `_compat`."""

from ._compat import *  # noqa: F403


class CubeMaker(FluidMaker):  # noqa: F405
    def make(self):
        self.add_input("X", "operand")
        self.add_output("Out", "X cubed")


class CubeOp(FluidOperator):  # noqa: F405
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class CubeKernel(FluidKernel):  # noqa: F405
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * x.data * x.data


fluid_register_operator("hx_cube", CubeOp, CubeMaker)  # noqa: F405
fluid_register_kernel("hx_cube", "CPU", CubeKernel, DataType.FLOAT32)  # noqa: F405
