"""arg_max: index of the largest element along `axis` (or over everything with `flatten`);
ties give the lowest index and NaN never wins, as Paddle's arg reducer (funcs.reduce)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import VarType
from phi.common import DataType
from phi.kernels.funcs import reduce as reduce_funcs


def index_dtype(dtype_attr: int) -> DataType:
    dtype = DataType.UNDEFINED if int(dtype_attr) < 0 else VarType(int(dtype_attr)).to_phi()
    return reduce_funcs.argmax_dtype(dtype)


class ArgMaxOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        dims = reduce_funcs.argmax_dims(ctx.get_input_dim("X"), ctx.attr("axis"),
                                        ctx.attr("keepdims"), ctx.attr("flatten"))
        ctx.set_output_dim("Out", dims)
        ctx.set_output_dtype("Out", index_dtype(ctx.attr("dtype")))

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class ArgMaxKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        axis = ctx.attr("axis")
        flatten = ctx.attr("flatten")
        data = out.mutable_data(ctx.place, index_dtype(ctx.attr("dtype")))
        reduce_funcs.argmax(ctx.xp, x.data, axis, flatten, data)


VERIFY_CASES = [
    {"name": "axis 1", "inputs": {"X": (3, 4)}, "attrs": {"axis": 1}},
    {"name": "axis -1 keepdims, int32", "inputs": {"X": (2, 3, 4)},
     "attrs": {"axis": -1, "keepdims": True, "dtype": 2}},
    {"name": "flatten", "inputs": {"X": (3, 4)}, "attrs": {"axis": 0, "flatten": True}},
]

register_operator("arg_max", ArgMaxOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.INT16, DataType.INT32,
               DataType.INT64, DataType.UINT8):
    register_op_kernel("arg_max", "CPU", ArgMaxKernel, _dtype)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.INT16, DataType.INT32,
               DataType.INT64, DataType.UINT8, DataType.FLOAT16):
    register_op_kernel("arg_max", "GPU", ArgMaxKernel, _dtype)
