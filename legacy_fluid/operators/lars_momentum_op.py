"""lars_momentum: momentum with a layer-wise adaptive rate (LARS), over lists of parameters
(one lars_weight_decay value each). multi_precision is inert, as in Paddle's CPU kernel
(MasterParamOut is not written: phi.kernels.funcs.optimizers.CPU_MASTER_COPY). Math:
phi.kernels.funcs.optimizers."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.operators.optimizer_op import OptimizerOp
from phi.common import DataType
from phi.kernels.funcs import optimizers as opt_funcs


class LarsMomentumOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Param", "the parameters", duplicable=True)
        self.add_input("Grad", "their gradients", duplicable=True)
        self.add_input("Velocity", "their velocities", duplicable=True)
        self.add_input("LearningRate", "[1] per parameter", duplicable=True)
        self.add_input("MasterParam", "float32 copies for multi_precision", duplicable=True,
                       dispensable=True)
        self.add_output("ParamOut", "the updated parameters", duplicable=True)
        self.add_output("VelocityOut", "the updated velocities", duplicable=True)
        self.add_output("MasterParamOut", "the updated master copies", duplicable=True,
                        dispensable=True)
        self.add_attr("mu", AttrType.FLOAT, None, "momentum factor (required)")
        self.add_attr("lars_coeff", AttrType.FLOAT, 0.001, "LARS coefficient")
        self.add_attr("lars_weight_decay", AttrType.FLOATS, [0.0005],
                      "weight decay per parameter")
        self.add_attr("epsilon", AttrType.FLOAT, 0.0, "numerical stability")
        self.add_attr("multi_precision", AttrType.BOOLEAN, False, "keep float32 master copies")
        self.add_attr("rescale_grad", AttrType.FLOAT, 1.0, "gradient scale")


class LarsMomentumKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        params = ctx.multi_input("Param")
        grads = ctx.multi_input("Grad")
        velocities = ctx.multi_input("Velocity")
        lrs = ctx.multi_input("LearningRate")
        param_outs = ctx.multi_output("ParamOut")
        velocity_outs = ctx.multi_output("VelocityOut")
        master_param_outs = ctx.multi_output("MasterParamOut")
        mu = ctx.attr("mu")
        lars_coeff = ctx.attr("lars_coeff")
        lars_weight_decay = ctx.attr("lars_weight_decay")
        epsilon = ctx.attr("epsilon")
        rescale_grad = ctx.attr("rescale_grad")
        decays = opt_funcs.per_tensor(ctx.op_type, lars_weight_decay, len(params),
                                      "lars_weight_decay")
        for i, param in enumerate(params):
            master_param_out = opt_funcs.master_out(
                ctx.op_type, ctx.attr("multi_precision"),
                master_param_outs[i] if i < len(master_param_outs) else None)
            values = opt_funcs.lars_momentum(ctx.xp, param.data, grads[i].data,
                                             velocities[i].data, lrs[i].data, mu, lars_coeff,
                                             decays[i], epsilon, rescale_grad)
            opt_funcs.write_outputs(values, {
                "param_out": param_outs[i].mutable_data(ctx.place, param.dtype),
                "velocity_out": velocity_outs[i].mutable_data(ctx.place, param.dtype),
                "master_param_out": None if master_param_out is None
                else master_param_out.mutable_data(ctx.place, param.dtype)})


VERIFY_CASES = [{"name": "two parameters", "attrs": {"mu": 0.9, "lars_weight_decay": [0.01, 0.0]},
                 "inputs": {"Param": [(3, 4), (5,)], "Grad": [(3, 4), (5,)],
                            "Velocity": [(3, 4), (5,)],
                            "LearningRate": [{"value": [0.1]}, {"value": [0.2]}],
                            "MasterParam": None},
                 "outputs": {"ParamOut": 2, "VelocityOut": 2}}]

register_operator("lars_momentum", OptimizerOp, LarsMomentumOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("lars_momentum", "CPU", LarsMomentumKernel, _dtype)
    register_op_kernel("lars_momentum", "GPU", LarsMomentumKernel, _dtype)
