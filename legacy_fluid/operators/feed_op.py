"""feed: Out = a copy of the col-th tensor of the executor's feed list (variable X).

X is the FEED_MINIBATCH variable (a Python list of DenseTensors filled by the
executor). Paddle shares the fed holder when its place matches; fluidphi copies so
that an in-place op later in the program never writes into the caller's array.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import feed_fetch as ff_funcs

_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
          DataType.INT64, DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32,
          DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)


class FeedOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "the feed list: fed tensors of any dims and dtypes")
        self.add_output("Out", "the program variable receiving the col-th fed tensor")
        self.add_attr("col", AttrType.INT, None, "index of the tensor in the feed list")


class FeedOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        """The fed tensor's dtype, on the executor's place."""
        item = ff_funcs.feed_item(ctx.input_var("X").value, ctx.attr("col"))
        return OpKernelType(item.dtype, ctx.place)


class FeedKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        feed_list = ctx.input_var("X").value
        out = ctx.output("Out")
        col = ctx.attr("col")
        item = ff_funcs.feed_item(feed_list, col)
        out.resize(item.dims)
        data = out.mutable_data(ctx.place, item.dtype)
        ff_funcs.feed(ctx.xp, item.data, data)


#: `col` has no default in the proto; the single-op harness binds X / Out to the holder.
VERIFY_CASES = [{"name": "the only fed tensor, at col 0", "attrs": {"col": 0}}]

register_operator("feed", FeedOp, FeedOpMaker)
for _dtype in _TYPES:
    register_op_kernel("feed", "CPU", FeedKernel, _dtype)
    register_op_kernel("feed", "GPU", FeedKernel, _dtype)
