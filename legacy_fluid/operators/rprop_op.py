"""rprop: resilient backpropagation with a per-element learning rate (learning_rate is
Param's shape and is updated too), etas [negative, positive] and learning_rate_range
[min, max]. multi_precision is inert (Paddle's CPU kernel: master_param_out is not
written). Math: phi.kernels.funcs.optimizers."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.operators.optimizer_op import OptimizerOp
from phi.common import DataType
from phi.kernels.funcs import optimizers as opt_funcs


class RpropOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("param", "the parameter")
        self.add_input("grad", "its gradient")
        self.add_input("prev", "the previous (kept) gradient")
        self.add_input("learning_rate", "per-element learning rates (param's dims)")
        self.add_input("master_param", "float32 copy for multi_precision", dispensable=True)
        self.add_input("learning_rate_range", "[min, max] of the learning rates")
        self.add_input("etas", "[shrink, grow] factors")
        self.add_output("param_out", "the updated parameter (param's variable)")
        self.add_output("prev_out", "the kept gradient (0 where its sign flipped)")
        self.add_output("learning_rate_out", "the updated learning rates")
        self.add_output("master_param_out", "the updated master copy", dispensable=True)
        self.add_attr("multi_precision", AttrType.BOOLEAN, False, "keep a float32 master copy")


class RpropKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        param = ctx.input("param")
        grad = ctx.input("grad")
        prev = ctx.input("prev")
        learning_rate = ctx.input("learning_rate")
        learning_rate_range = ctx.input("learning_rate_range")
        etas = ctx.input("etas")
        param_out = ctx.output("param_out")
        prev_out = ctx.output("prev_out")
        learning_rate_out = ctx.output("learning_rate_out")
        master_param_out = opt_funcs.master_out(ctx.op_type, ctx.attr("multi_precision"),
                                                ctx.output("master_param_out"))
        values = opt_funcs.rprop(ctx.xp, param.data, grad.data, prev.data, learning_rate.data,
                                 learning_rate_range.data, etas.data)
        opt_funcs.write_outputs(values, {
            "param_out": param_out.mutable_data(ctx.place, param.dtype),
            "prev_out": prev_out.mutable_data(ctx.place, param.dtype),
            "learning_rate_out": learning_rate_out.mutable_data(ctx.place, param.dtype),
            "master_param_out": None if master_param_out is None
            else master_param_out.mutable_data(ctx.place, param.dtype)})


VERIFY_CASES = [{"name": "one step", "inputs": {
    "param": (3, 4), "grad": (3, 4), "prev": (3, 4),
    "learning_rate": {"shape": (3, 4), "low": 0.001, "high": 0.1}, "master_param": None,
    "learning_rate_range": {"value": [1e-5, 50.0]}, "etas": {"value": [0.5, 1.2]}},
    "outputs": ["param_out", "prev_out", "learning_rate_out"]}]

register_operator("rprop", OptimizerOp, RpropOpMaker)
for _dtype in (DataType.BFLOAT16, DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("rprop", "CPU", RpropKernel, _dtype)
    register_op_kernel("rprop", "GPU", RpropKernel, _dtype)
