"""uniform_random_batch_size_like: uniform values in [min, max) of `shape` with dim
output_dim_idx taken from Input's dim input_dim_idx; a non-zero `seed` gives Paddle's own
bits (phi.kernels.funcs.random), `diag_num` > 0 then sets a strided diagonal."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import VarType
from phi.common import DataType
from phi.kernels.funcs import random as random_funcs


class UniformRandomBatchSizeLikeOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", random_funcs.batch_size_like_dims(
            "uniform_random_batch_size_like", ctx.attr("shape"), ctx.get_input_dim("Input"),
            ctx.attr("input_dim_idx"), ctx.attr("output_dim_idx")))
        ctx.set_output_dtype("Out", VarType(int(ctx.attr("dtype"))).to_phi())

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(VarType(int(ctx.attr("dtype"))).to_phi(), ctx.place)


class UniformRandomBatchSizeLikeKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out = ctx.output("Out")
        low = ctx.attr("min")
        high = ctx.attr("max")
        seed = ctx.attr("seed")
        diag_num = ctx.attr("diag_num")
        diag_step = ctx.attr("diag_step")
        diag_val = ctx.attr("diag_val")
        data = out.mutable_data(ctx.place, out.dtype)
        random_funcs.uniform_random_batch_size_like(ctx.xp, low, high, seed, diag_num,
                                                    diag_step, diag_val, data)


VERIFY_CASES = [{"name": f"seeded {dtype}", "dtypes": [dtype], "inputs": {"Input": (3, 4)},
                 "attrs": {"shape": [-1, 5], "seed": 7, "dtype": var_type}}
                for dtype, var_type in (("FLOAT32", 5), ("FLOAT64", 6), ("BFLOAT16", 22))]

register_operator("uniform_random_batch_size_like", UniformRandomBatchSizeLikeOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.BFLOAT16):
    register_op_kernel("uniform_random_batch_size_like", "CPU",
                       UniformRandomBatchSizeLikeKernel, _dtype)
    register_op_kernel("uniform_random_batch_size_like", "GPU",
                       UniformRandomBatchSizeLikeKernel, _dtype)
