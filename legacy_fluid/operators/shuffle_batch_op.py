"""shuffle_batch: X's rows (every dim but the last) moved along one random cycle
(ShuffleIdx[i]: where row i goes) and SeedOut, the next seed, Paddle's exactly (Seed, or
startup_seed when Seed holds nothing); math in phi.kernels.funcs.random."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import random as random_funcs


class ShuffleBatchOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        dims = ctx.get_input_dim("X")
        ctx.set_output_dim("Out", dims)
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        ctx.set_output_dim("ShuffleIdx", random_funcs.shuffle_batch_idx_dims(dims))
        ctx.set_output_dtype("ShuffleIdx", DataType.INT64)
        ctx.set_output_dim("SeedOut", (1,))
        ctx.set_output_dtype("SeedOut", DataType.INT64)


class ShuffleBatchKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        seed = ctx.input("Seed")
        out = ctx.output("Out")
        shuffle_idx = ctx.output("ShuffleIdx")
        seed_out = ctx.output("SeedOut")
        startup_seed = ctx.attr("startup_seed")
        random_funcs.shuffle_batch(
            ctx.xp, x.data, random_funcs.held_seed(seed, startup_seed),
            out.mutable_data(ctx.place, x.dtype),
            shuffle_idx.mutable_data(ctx.place, DataType.INT64),
            seed_out.mutable_data(ctx.place, DataType.INT64))


VERIFY_CASES = [{"name": "rows", "inputs": {"X": (4, 3), "Seed": {"value": [5],
                                                                  "dtype": "int64"}},
                 "outputs": ["Out", "ShuffleIdx", "SeedOut"]}]

register_operator("shuffle_batch", ShuffleBatchOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64):
    register_op_kernel("shuffle_batch", "CPU", ShuffleBatchKernel, _dtype)
    register_op_kernel("shuffle_batch", "GPU", ShuffleBatchKernel, _dtype)
