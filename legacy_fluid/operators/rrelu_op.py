"""rrelu: x where x >= 0, else x times a slope, (lower + upper) / 2 in inference, a
uniform draw in [lower, upper) in training (Noise records the slopes). Process-wide
generator, as Paddle's (phi.kernels.funcs.random)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import random as random_funcs


class RReluOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input")
        self.add_output("Out", "output, X's dims")
        self.add_output("Noise", "the slope per element (1 where X >= 0)", extra=True)
        self.add_attr("lower", AttrType.FLOAT, 0.125, "smallest slope")
        self.add_attr("upper", AttrType.FLOAT, 0.3333333432674408, "largest slope")
        self.add_attr("is_test", AttrType.BOOLEAN, False, "inference: the middle slope")


class RReluOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        for slot in ("Out", "Noise"):
            if ctx.has_output(slot):
                ctx.set_output_dim(slot, ctx.get_input_dim("X"))
                ctx.set_output_dtype(slot, ctx.get_input_dtype("X"))


class RReluKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        noise = ctx.output("Noise")
        lower = ctx.attr("lower")
        upper = ctx.attr("upper")
        is_test = ctx.attr("is_test")
        data = out.mutable_data(ctx.place, x.dtype)
        noise_data = None if noise is None else noise.mutable_data(ctx.place, x.dtype)
        random_funcs.rrelu(ctx.xp, x.data, lower, upper, is_test, data, noise_data)


VERIFY_CASES = [{"name": "inference", "inputs": {"X": (3, 4)}, "attrs": {"is_test": True},
                 "outputs": ["Out", "Noise"]}]

register_operator("rrelu", RReluOp, RReluOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16):
    register_op_kernel("rrelu", "CPU", RReluKernel, _dtype)
    register_op_kernel("rrelu", "GPU", RReluKernel, _dtype)
