"""adamax: Adam with the infinity norm; Beta1Pow is read, not advanced (a program scales
it by beta1 with a separate op). multi_precision is inert, as in Paddle's CPU kernel
(MasterParamOut is not written: phi.kernels.funcs.optimizers.CPU_MASTER_COPY). Math:
phi.kernels.funcs.optimizers.
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


class AdamaxOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Param", "the parameter")
        self.add_input("Grad", "its gradient")
        self.add_input("LearningRate", "[1]")
        self.add_input("Moment", "first moment")
        self.add_input("InfNorm", "exponentially weighted infinity norm")
        self.add_input("Beta1Pow", "beta1^t, [1]")
        self.add_input("MasterParam", "float32 copy for multi_precision", dispensable=True)
        self.add_output("ParamOut", "the updated parameter (Param's variable)")
        self.add_output("MomentOut", "updated first moment")
        self.add_output("InfNormOut", "updated infinity norm")
        self.add_output("MasterParamOut", "the updated master copy", dispensable=True)
        self.add_attr("beta1", AttrType.FLOAT, 0.9, "decay of the first moment")
        self.add_attr("beta2", AttrType.FLOAT, 0.999, "decay of the infinity norm")
        self.add_attr("epsilon", AttrType.FLOAT, 1e-8, "numerical stability")
        self.add_attr("multi_precision", AttrType.BOOLEAN, False, "keep a float32 master copy")


class AdamaxKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        param = ctx.input("Param")
        grad = ctx.input("Grad")
        lr = ctx.input("LearningRate")
        moment = ctx.input("Moment")
        inf_norm = ctx.input("InfNorm")
        beta1_pow = ctx.input("Beta1Pow")
        param_out = ctx.output("ParamOut")
        moment_out = ctx.output("MomentOut")
        inf_norm_out = ctx.output("InfNormOut")
        master_param_out = opt_funcs.master_out(ctx.op_type, ctx.attr("multi_precision"),
                                                ctx.output("MasterParamOut"))
        beta1 = ctx.attr("beta1")
        beta2 = ctx.attr("beta2")
        epsilon = ctx.attr("epsilon")
        values = opt_funcs.adamax(ctx.xp, param.data, grad.data, lr.data, moment.data,
                                  inf_norm.data, beta1_pow.data, beta1, beta2, epsilon)
        opt_funcs.write_outputs(values, {
            "param_out": param_out.mutable_data(ctx.place, param.dtype),
            "moment_out": moment_out.mutable_data(ctx.place, param.dtype),
            "inf_norm_out": inf_norm_out.mutable_data(ctx.place, param.dtype),
            "master_param_out": None if master_param_out is None
            else master_param_out.mutable_data(ctx.place, param.dtype)})


VERIFY_CASES = [{"name": "step 3", "inputs": {
    "Param": (3, 4), "Grad": (3, 4), "LearningRate": {"value": [0.01]}, "Moment": (3, 4),
    "InfNorm": {"shape": (3, 4), "low": 0, "high": 1}, "Beta1Pow": {"value": [0.729]},
    "MasterParam": None}, "outputs": ["ParamOut", "MomentOut", "InfNormOut"]}]

register_operator("adamax", OptimizerOp, AdamaxOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("adamax", "CPU", AdamaxKernel, _dtype)
    register_op_kernel("adamax", "GPU", AdamaxKernel, _dtype)
