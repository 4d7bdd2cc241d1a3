"""seed: a [1] int32 tensor holding `seed`, or (seed 0, or `deterministic`) a non-zero
draw of the process-wide generator where Paddle asks its own (phi.kernels.funcs.random)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import random as random_funcs


class SeedOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_output("Out", "[1] int32 seed")
        self.add_attr("seed", AttrType.INT, 0, "0: a random seed")
        self.add_attr("deterministic", AttrType.BOOLEAN, False, "draw from rng_name's "
                      "generator", extra=True)
        self.add_attr("rng_name", AttrType.STRING, "", "the generator", extra=True)
        self.add_attr("force_cpu", AttrType.BOOLEAN, False, "keep Out on the host",
                      extra=True)


class SeedOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", (1,))
        ctx.set_output_dtype("Out", DataType.INT32)

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(DataType.INT32, ctx.place)


class SeedKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out = ctx.output("Out")
        seed = ctx.attr("seed")
        deterministic = ctx.attr("deterministic")
        data = out.mutable_data(ctx.place, DataType.INT32)
        random_funcs.seed(ctx.xp, seed, deterministic, data)


register_operator("seed", SeedOp, SeedOpMaker)
register_op_kernel("seed", "CPU", SeedKernel, DataType.INT32)
register_op_kernel("seed", "GPU", SeedKernel, DataType.INT32)
