"""The forward op `gs_cube`: coeff * x ** 3 (its gradient is in cube_grad.py)."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType

__all__ = ["FLOATS", "CubeKernel", "CubeMaker"]

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)


class CubeMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "coeff * x ** 3")
        self.add_attr("coeff", AttrType.FLOAT, 0.5, "the factor")


class CubeOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class CubeKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        coeff = ctx.attr("coeff")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * x.data * x.data * x.data.dtype.type(coeff)


register_operator("gs_cube", CubeOp, CubeMaker)
for _dtype in FLOATS:
    register_op_kernel("gs_cube", "CPU", CubeKernel, _dtype)
