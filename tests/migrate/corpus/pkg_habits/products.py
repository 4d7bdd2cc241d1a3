"""Row products: the operator, its maker and the floating-point kernel; integer kernels
are added by `products_int.py`."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType


class RowProductMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "a matrix")
        self.add_output("Out", "the product of each row, kept as a column")
        self.add_attr("scale", AttrType.FLOAT, 1.0, "multiplies every product")


class RowProductOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        dims = list(ctx.get_input_dim("X"))
        ctx.set_output_dim("Out", [*dims[:-1], 1])
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class RowProductKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = ctx.xp.prod(x.data, axis=-1, keepdims=True) * ctx.attr("scale")


register_operator("hb_row_product", RowProductOp, RowProductMaker)
register_op_kernel("hb_row_product", "CPU", RowProductKernel, DataType.FLOAT32)
