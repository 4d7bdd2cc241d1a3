"""reduce_sum (and the shared fluid reduce-op maker/operator used by reduce_mean)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType, VarType
from phi.common import DataType
from phi.kernels.funcs import reduce as reduce_funcs


class ReduceOpMaker(OpProtoAndCheckerMaker):
    """fluid's ReduceBaseOpMaker: the attributes every reduce_* op carries."""

    def make(self) -> None:
        self.add_input("X", "input tensor")
        self.add_output("Out", "the reduced tensor")
        self.add_attr("dim", AttrType.INTS, [0],
                      "axes to reduce (negative: from the end); empty: all")
        self.add_attr("keep_dim", AttrType.BOOLEAN, False, "keep reduced axes as size 1")
        self.add_attr("reduce_all", AttrType.BOOLEAN, False, "reduce over every axis")
        self.add_attr("in_dtype", AttrType.INT, -1, "(unused) input cast, fluid VarType number")
        self.add_attr("out_dtype", AttrType.INT, -1,
                      "output type as a fluid VarType number; -1: the default")
        self.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
        self.add_attr("mkldnn_data_type", AttrType.STRING, "float32", "oneDNN data type",
                      extra=True)


def var_type_attr(value: int) -> DataType:
    """A fluid VarType number attribute as a DataType (-1: UNDEFINED)."""
    return DataType.UNDEFINED if int(value) < 0 else VarType(int(value)).to_phi()


class ReduceOp(OperatorWithKernel):
    """Output dims from dim/keep_dim/reduce_all; subclasses choose the output dtype."""

    def out_dtype(self, x_dtype: DataType) -> DataType:
        return x_dtype

    def infer_shape(self, ctx: InferShapeContext) -> None:
        dims = reduce_funcs.reduce_dims(ctx.get_input_dim("X"), ctx.attr("dim"),
                                        ctx.attr("keep_dim"), ctx.attr("reduce_all"))
        ctx.set_output_dim("Out", dims)
        ctx.set_output_dtype("Out", self.out_dtype(ctx.get_input_dtype("X")))

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class ReduceSumOp(ReduceOp):
    def out_dtype(self, x_dtype: DataType) -> DataType:
        return reduce_funcs.sum_out_dtype(x_dtype, var_type_attr(self.attrs["out_dtype"]))


class ReduceSumKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        dim = ctx.attr("dim")
        reduce_all = ctx.attr("reduce_all")
        out_dtype = ctx.attr("out_dtype")
        axes = reduce_funcs.reduce_axes(len(x.dims), dim, reduce_all)
        dtype = reduce_funcs.sum_out_dtype(x.dtype, var_type_attr(out_dtype))
        data = out.mutable_data(ctx.place, dtype)
        reduce_funcs.reduce_sum(ctx.xp, x.data, axes, data)


_SUM_CPU_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
                  DataType.INT64, DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16,
                  DataType.BFLOAT16, DataType.COMPLEX64, DataType.COMPLEX128)
_SUM_GPU_TYPES = tuple(t for t in _SUM_CPU_TYPES if t is not DataType.BFLOAT16)

register_operator("reduce_sum", ReduceSumOp, ReduceOpMaker)
for _dtype in _SUM_CPU_TYPES:
    register_op_kernel("reduce_sum", "CPU", ReduceSumKernel, _dtype)
for _dtype in _SUM_GPU_TYPES:
    register_op_kernel("reduce_sum", "GPU", ReduceSumKernel, _dtype)
