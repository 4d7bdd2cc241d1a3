"""ftrl: Follow The Regularized Leader with l1 / l2 regularization and a learning-rate
power (float32 only, as Paddle's CPU kernel). SquaredAccumOut and LinearAccumOut are shaped
like SquaredAccumulator and LinearAccumulator. Math: phi.kernels.funcs.optimizers."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.operators.optimizer_op import OptimizerOp
from phi.common import DataType
from phi.kernels.funcs import optimizers as opt_funcs


class FtrlOp(OptimizerOp):
    LIKE = {"SquaredAccumOut": "SquaredAccumulator", "LinearAccumOut": "LinearAccumulator"}


class FtrlKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        param = ctx.input("Param")
        squared_accumulator = ctx.input("SquaredAccumulator")
        linear_accumulator = ctx.input("LinearAccumulator")
        grad = ctx.input("Grad")
        lr = ctx.input("LearningRate")
        param_out = ctx.output("ParamOut")
        squared_accum_out = ctx.output("SquaredAccumOut")
        linear_accum_out = ctx.output("LinearAccumOut")
        l1 = ctx.attr("l1")
        l2 = ctx.attr("l2")
        lr_power = ctx.attr("lr_power")
        values = opt_funcs.ftrl(ctx.xp, param.data, squared_accumulator.data,
                                linear_accumulator.data, grad.data, lr.data, l1, l2, lr_power)
        opt_funcs.write_outputs(values, {
            "param_out": param_out.mutable_data(ctx.place, param.dtype),
            "squared_accum_out": squared_accum_out.mutable_data(ctx.place, param.dtype),
            "linear_accum_out": linear_accum_out.mutable_data(ctx.place, param.dtype)})


VERIFY_CASES = [{"name": "l1 l2", "attrs": {"l1": 0.1, "l2": 0.2}, "inputs": {
    "Param": (3, 4), "SquaredAccumulator": {"shape": (3, 4), "low": 0.1, "high": 1},
    "LinearAccumulator": (3, 4), "Grad": (3, 4), "LearningRate": {"value": [0.1]}},
    "outputs": ["ParamOut", "SquaredAccumOut", "LinearAccumOut"]}]

register_operator("ftrl", FtrlOp)
register_op_kernel("ftrl", "CPU", FtrlKernel, DataType.FLOAT32)
register_op_kernel("ftrl", "GPU", FtrlKernel, DataType.FLOAT32)
