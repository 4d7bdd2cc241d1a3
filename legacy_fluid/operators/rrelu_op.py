"""rrelu: x where x >= 0, else x times a slope, (lower + upper) / 2 in inference, a
uniform draw in [lower, upper) in training (Noise records the slopes). Process-wide
generator, as Paddle's (phi.kernels.funcs.random). rrelu_grad: Out@GRAD times Noise."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.grad import GradOp
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


class RReluGradOp(GradOp):
    pass


class RReluGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        noise = ctx.input("Noise")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        random_funcs.rrelu_grad(ctx.xp, noise.data, out_grad.data, data)


VERIFY_CASES = {
    "rrelu": [{"name": "inference", "inputs": {"X": (3, 4)}, "attrs": {"is_test": True},
               "outputs": ["Out", "Noise"]}],
    "rrelu_grad": [{"name": "slopes", "inputs": {
        "X": (3, 4), "Noise": {"shape": (3, 4), "low": 0.1, "high": 1}, "Out@GRAD": (3, 4)}}],
}

register_operator("rrelu", RReluOp, RReluOpMaker)
register_operator("rrelu_grad", RReluGradOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16):
    register_op_kernel("rrelu", "CPU", RReluKernel, _dtype)
    register_op_kernel("rrelu", "GPU", RReluKernel, _dtype)
    register_op_kernel("rrelu_grad", "GPU", RReluGradKernel, _dtype)
# Paddle 3.3.1's CPU rrelu_grad has no float16 (its forward does)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("rrelu_grad", "CPU", RReluGradKernel, _dtype)
