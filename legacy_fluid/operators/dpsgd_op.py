"""dpsgd: differentially private SGD: the gradient clipped by its L2 norm and one Gaussian
draw (seeded by `seed`; 0: unseeded) added to every element. Math:
phi.kernels.funcs.optimizers."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.operators.optimizer_op import OptimizerOp
from phi.common import DataType
from phi.kernels.funcs import optimizers as opt_funcs


class DpsgdKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        param = ctx.input("Param")
        grad = ctx.input("Grad")
        lr = ctx.input("LearningRate")
        param_out = ctx.output("ParamOut")
        clip = ctx.attr("clip")
        batch_size = ctx.attr("batch_size")
        sigma = ctx.attr("sigma")
        seed = ctx.attr("seed")
        values = opt_funcs.dpsgd(ctx.xp, param.data, grad.data, lr.data, clip, batch_size,
                                 sigma, seed)
        opt_funcs.write_outputs(values, {
            "param_out": param_out.mutable_data(ctx.place, param.dtype)})


VERIFY_CASES = [{"name": "seeded, clipped", "attrs": {"clip": 0.5, "seed": 3},
                 "inputs": {"Param": (3, 4), "Grad": (3, 4), "LearningRate": {"value": [0.1]}},
                 "outputs": ["ParamOut"]}]

register_operator("dpsgd", OptimizerOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("dpsgd", "CPU", DpsgdKernel, _dtype)
    register_op_kernel("dpsgd", "GPU", DpsgdKernel, _dtype)
