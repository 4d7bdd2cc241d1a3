"""One op, two kernels: the CPU one registered plainly, the GPU one through a table."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .helpers import KeepShape, OneInMaker, Row, register_rows

register_operator("ur_split", KeepShape, OneInMaker)


class SplitCpuKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + 1


class SplitGpuKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + 1


register_op_kernel("ur_split", "CPU", SplitCpuKernel, DataType.FLOAT32, DataType.FLOAT64)
register_rows([Row("ur_split", SplitGpuKernel, places=("GPU",))])
