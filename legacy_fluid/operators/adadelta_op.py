"""adadelta: running averages of squared gradients and squared updates scale the step;
with multi_precision the MasterParam takes the same step in place (MasterParamOut must be
its variable), Param still updates from Param, as Paddle's CPU kernel does; without it
MasterParamOut is not written. Math: phi.kernels.funcs.optimizers.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.operators.optimizer_op import OptimizerOp
from phi.common import DataType
from phi.kernels.funcs import optimizers as opt_funcs


class AdadeltaOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Param", "the parameter")
        self.add_input("Grad", "its gradient")
        self.add_input("AvgSquaredGrad", "running mean of squared gradients")
        self.add_input("AvgSquaredUpdate", "running mean of squared updates")
        self.add_input("LearningRate", "[1]")
        self.add_input("MasterParam", "float32 copy for multi_precision", dispensable=True)
        self.add_output("ParamOut", "the updated parameter (Param's variable)")
        self.add_output("AvgSquaredGradOut", "updated AvgSquaredGrad")
        self.add_output("AvgSquaredUpdateOut", "updated AvgSquaredUpdate")
        self.add_output("MasterParamOut", "the updated master copy", dispensable=True)
        self.add_attr("rho", AttrType.FLOAT, 0.95, "decay of the running means")
        self.add_attr("epsilon", AttrType.FLOAT, 1e-6, "numerical stability")
        self.add_attr("multi_precision", AttrType.BOOLEAN, False, "update the master copy")


class AdadeltaKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        param = ctx.input("Param")
        grad = ctx.input("Grad")
        avg_squared_grad = ctx.input("AvgSquaredGrad")
        avg_squared_update = ctx.input("AvgSquaredUpdate")
        lr = ctx.input("LearningRate")
        master_param = ctx.input("MasterParam")
        param_out = ctx.output("ParamOut")
        avg_squared_grad_out = ctx.output("AvgSquaredGradOut")
        avg_squared_update_out = ctx.output("AvgSquaredUpdateOut")
        master_param_out = opt_funcs.master_out(ctx.op_type, ctx.attr("multi_precision"),
                                                ctx.output("MasterParamOut"),
                                                master_param)
        rho = ctx.attr("rho")
        epsilon = ctx.attr("epsilon")
        multi_precision = ctx.attr("multi_precision")
        values = opt_funcs.adadelta(ctx.xp, param.data, grad.data, avg_squared_grad.data,
                                    avg_squared_update.data, lr.data,
                                    None if master_param is None else master_param.data, rho,
                                    epsilon, multi_precision)
        opt_funcs.write_outputs(values, {
            "param_out": param_out.mutable_data(ctx.place, param.dtype),
            "avg_squared_grad_out": avg_squared_grad_out.mutable_data(ctx.place, param.dtype),
            "avg_squared_update_out": avg_squared_update_out.mutable_data(ctx.place,
                                                                          param.dtype),
            "master_param_out": None if master_param_out is None
            else master_param_out.mutable_data(ctx.place, param.dtype)})


VERIFY_CASES = [{"name": "one step", "inputs": {
    "Param": (3, 4), "Grad": (3, 4), "AvgSquaredGrad": {"shape": (3, 4), "low": 0, "high": 1},
    "AvgSquaredUpdate": {"shape": (3, 4), "low": 0, "high": 1},
    "LearningRate": {"value": [0.5]}, "MasterParam": None},
    "outputs": ["ParamOut", "AvgSquaredGradOut", "AvgSquaredUpdateOut"]}]

register_operator("adadelta", OptimizerOp, AdadeltaOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("adadelta", "CPU", AdadeltaKernel, _dtype)
    register_op_kernel("adadelta", "GPU", AdadeltaKernel, _dtype)
