"""Each kernel serves an op and its `_v2`; `so_cube_v2` runs PHI kernels named `so_cube`."""

from compat.arg_mapping import register_base_kernel_name
from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel

from .table import aka


class ElementwiseMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "operand")
        self.add_output("Out", "result")


class ElementwiseOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class SquareKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * x.data


class CubeKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * x.data * x.data


for _name in ("so_square", "so_square_v2", "so_cube", "so_cube_v2"):
    register_operator(_name, ElementwiseOp, ElementwiseMaker)

aka("so_square", SquareKernel)
aka("so_square_v2", SquareKernel)
aka("so_cube", CubeKernel)
aka("so_cube_v2", CubeKernel)
register_base_kernel_name("so_cube_v2", "so_cube")
