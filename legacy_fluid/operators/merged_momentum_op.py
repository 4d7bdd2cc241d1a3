"""merged_momentum: momentum over lists of parameters with one learning rate or one each,
and per-parameter regularization (see phi.kernels.funcs.optimizers.merged_momentum for
when rescale_grad applies). Paddle's CPU kernel updates ParamOut / VelocityOut in place;
with multi_precision MasterParamOut must be MasterParam's variables: the merged update runs
on the master copies and writes them and ParamOut, the per-parameter one (momentum's kernel)
updates Param from Param and leaves them (phi.kernels.funcs.optimizers.CPU_MASTER_COPY)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.operators.optimizer_op import OptimizerOp
from phi.common import DataType
from phi.kernels.funcs import optimizers as opt_funcs


class MergedMomentumOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Param", "the parameters", duplicable=True)
        self.add_input("Grad", "their gradients", duplicable=True)
        self.add_input("Velocity", "their velocities", duplicable=True)
        self.add_input("LearningRate", "[1] learning rates: one, or one per parameter",
                       duplicable=True)
        self.add_input("MasterParam", "float32 copies for multi_precision", duplicable=True,
                       dispensable=True)
        self.add_output("ParamOut", "the updated parameters (Param's variables)",
                        duplicable=True)
        self.add_output("VelocityOut", "the updated velocities", duplicable=True)
        self.add_output("MasterParamOut", "the master copies", duplicable=True,
                        dispensable=True)
        self.add_attr("mu", AttrType.FLOAT, None, "momentum factor (required)")
        self.add_attr("use_nesterov", AttrType.BOOLEAN, False, "Nesterov momentum")
        self.add_attr("regularization_method", AttrType.STRINGS, [],
                      "per parameter: 'l2_decay' or none")
        self.add_attr("regularization_coeff", AttrType.FLOATS, [], "per parameter")
        self.add_attr("multi_precision", AttrType.BOOLEAN, False, "keep float32 master copies")
        self.add_attr("rescale_grad", AttrType.FLOAT, 1.0, "gradient scale (merged update)")


class MergedMomentumKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        params = ctx.multi_input("Param")
        grads = ctx.multi_input("Grad")
        velocities = ctx.multi_input("Velocity")
        lrs = ctx.multi_input("LearningRate")
        param_outs = ctx.multi_output("ParamOut")
        velocity_outs = ctx.multi_output("VelocityOut")
        master_param_outs = ctx.multi_output("MasterParamOut")
        mu = ctx.attr("mu")
        use_nesterov = ctx.attr("use_nesterov")
        regularization_method = ctx.attr("regularization_method")
        regularization_coeff = ctx.attr("regularization_coeff")
        rescale_grad = ctx.attr("rescale_grad")
        multi_precision = ctx.attr("multi_precision")
        merged = opt_funcs.merged_update(len(lrs), use_nesterov, regularization_method)
        if multi_precision:
            opt_funcs.check_in_place(ctx.op_type, "MasterParam", ctx.multi_input("MasterParam"),
                                     master_param_outs, len(params))
        op = ctx.op_type if merged else "momentum"
        sources = ctx.multi_input("MasterParam") if multi_precision and merged else params
        updates = opt_funcs.merged_momentum(
            ctx.xp, [t.data for t in sources], [t.data for t in grads],
            [t.data for t in velocities], [t.data for t in lrs], mu, use_nesterov,
            regularization_method, regularization_coeff, rescale_grad)
        for i, values in enumerate(updates):
            master_param_out = opt_funcs.master_out(
                op, multi_precision,
                master_param_outs[i] if i < len(master_param_outs) else None)
            opt_funcs.write_outputs(values, {
                "param_out": param_outs[i].mutable_data(ctx.place, params[i].dtype),
                "velocity_out": velocity_outs[i].mutable_data(ctx.place, params[i].dtype),
                "master_param_out": None if master_param_out is None
                else master_param_out.mutable_data(ctx.place, sources[i].dtype)})

VERIFY_CASES = [{"name": "two parameters, l2", "attrs": {
    "mu": 0.9, "regularization_method": ["l2_decay", ""], "regularization_coeff": [0.1, 0.0]},
    "inputs": {"Param": [(3, 4), (5,)], "Grad": [(3, 4), (5,)], "Velocity": [(3, 4), (5,)],
               "LearningRate": [{"value": [0.1]}], "MasterParam": None},
    "outputs": {"ParamOut": 2, "VelocityOut": 2}}]

register_operator("merged_momentum", OptimizerOp, MergedMomentumOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("merged_momentum", "CPU", MergedMomentumKernel, _dtype)
    register_op_kernel("merged_momentum", "GPU", MergedMomentumKernel, _dtype)
