"""fill_constant_batch_size_like: a tensor of `shape` with dim output_dim_idx replaced by
Input's dim input_dim_idx, filled with `value` (a non-empty `str_value` wins) in `dtype`.
Dims in phi.kernels.funcs.creation, the fill (and its range check) in
phi.kernels.funcs.full_like."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType, VarType
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import creation as creation_funcs
from phi.kernels.funcs import full as full_funcs
from phi.kernels.funcs import full_like as fl_funcs


class FillConstantBatchSizeLikeOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Input", "lends its dim input_dim_idx")
        self.add_output("Out", "the filled tensor")
        self.add_attr("shape", AttrType.INTS, None, "dims of Out (one of them replaced)")
        self.add_attr("input_dim_idx", AttrType.INT, 0, "Input's dim taken")
        self.add_attr("output_dim_idx", AttrType.INT, 0, "Out's dim replaced")
        self.add_attr("dtype", AttrType.INT, 5, "element type of Out (fluid VarType)")
        self.add_attr("value", AttrType.FLOAT, 0.0, "the fill value")
        self.add_attr("str_value", AttrType.STRING, "", "the fill value as text; wins")
        self.add_attr("force_cpu", AttrType.BOOLEAN, False, "put Out in CPU memory")


class FillConstantBatchSizeLikeOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", creation_funcs.batch_size_like_dims(
            ctx.get_input_dim("Input"), ctx.attr("shape"), ctx.attr("input_dim_idx"),
            ctx.attr("output_dim_idx")))
        ctx.set_output_dtype("Out", VarType(ctx.attr("dtype")).to_phi())

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(VarType(ctx.attr("dtype")).to_phi(), ctx.place)

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        return None  # Input only lends a dim: no cast, no copy


class FillConstantBatchSizeLikeKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out = ctx.output("Out")
        value = full_funcs.requested_value(None, ctx.attr("str_value"), ctx.attr("value"))
        dtype = VarType(ctx.attr("dtype")).to_phi()
        fl_funcs.check_fill_value(float(value), dtype)
        data = out.mutable_data(ctx.place, dtype)
        fl_funcs.full_like(ctx.xp, float(value), data)


register_operator("fill_constant_batch_size_like", FillConstantBatchSizeLikeOp,
                  FillConstantBatchSizeLikeOpMaker)
for _dtype in (DataType.BOOL, DataType.INT32, DataType.INT64, DataType.FLOAT32,
               DataType.FLOAT64):
    register_op_kernel("fill_constant_batch_size_like", "CPU", FillConstantBatchSizeLikeKernel,
                       _dtype)
    register_op_kernel("fill_constant_batch_size_like", "GPU", FillConstantBatchSizeLikeKernel,
                       _dtype)

VERIFY_CASES = [{"name": "batch of Input", "inputs": {"Input": (3, 2)},
                 "attrs": {"shape": [-1, 4], "value": 1.0}}]
