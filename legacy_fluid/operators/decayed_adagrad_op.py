"""decayed_adagrad: Adagrad with a decaying mean of squared gradients (float32 only, as
Paddle's CPU kernel). Math: phi.kernels.funcs.optimizers."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.operators.optimizer_op import OptimizerOp
from phi.common import DataType
from phi.kernels.funcs import optimizers as opt_funcs


class DecayedAdagradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        param = ctx.input("Param")
        grad = ctx.input("Grad")
        moment = ctx.input("Moment")
        lr = ctx.input("LearningRate")
        param_out = ctx.output("ParamOut")
        moment_out = ctx.output("MomentOut")
        decay = ctx.attr("decay")
        epsilon = ctx.attr("epsilon")
        values = opt_funcs.decayed_adagrad(ctx.xp, param.data, grad.data, moment.data,
                                           lr.data, decay, epsilon)
        opt_funcs.write_outputs(values, {
            "param_out": param_out.mutable_data(ctx.place, param.dtype),
            "moment_out": moment_out.mutable_data(ctx.place, param.dtype)})


VERIFY_CASES = [{"name": "one step", "inputs": {
    "Param": (3, 4), "Grad": (3, 4), "Moment": {"shape": (3, 4), "low": 0, "high": 1},
    "LearningRate": {"value": [0.1]}}, "outputs": ["ParamOut", "MomentOut"]}]

register_operator("decayed_adagrad", OptimizerOp)
register_op_kernel("decayed_adagrad", "CPU", DecayedAdagradKernel, DataType.FLOAT32)
register_op_kernel("decayed_adagrad", "GPU", DecayedAdagradKernel, DataType.FLOAT32)
