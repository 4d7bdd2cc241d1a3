"""Integer row products, wrapping in the element type, for the op `products.py`
registers."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from phi.common import DataType


class IntRowProductKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        prod = ctx.xp.prod(x.data, axis=-1, keepdims=True, dtype=x.data.dtype)
        out[...] = prod * int(ctx.attr("scale"))


for _t in (DataType.INT32, DataType.INT64):
    register_op_kernel("hb_row_product", "CPU", IntRowProductKernel, _t)
