"""merged_adam: adam over lists of parameters (one learning rate and beta powers each;
amsgrad with Moment2Max lists). multi_precision is inert, as in Paddle's CPU kernel
(MasterParamOut is not written: phi.kernels.funcs.optimizers.CPU_MASTER_COPY). Math:
phi.kernels.funcs.optimizer.adam.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.operators.optimizer_op import OptimizerOp
from phi.common import DataType
from phi.kernels.funcs import optimizer as opt_funcs
from phi.kernels.funcs import optimizers as opt_counts


class MergedAdamOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Param", "the parameters", duplicable=True)
        self.add_input("Grad", "their gradients", duplicable=True)
        self.add_input("LearningRate", "[1] each", duplicable=True)
        self.add_input("Moment1", "first moments", duplicable=True)
        self.add_input("Moment2", "second moments", duplicable=True)
        self.add_input("Moment2Max", "running maxima of Moment2 (amsgrad)", duplicable=True,
                       dispensable=True)
        self.add_input("Beta1Pow", "beta1^t each, [1]", duplicable=True)
        self.add_input("Beta2Pow", "beta2^t each, [1]", duplicable=True)
        self.add_input("MasterParam", "float32 copies for multi_precision", duplicable=True,
                       dispensable=True)
        self.add_output("ParamOut", "the updated parameters", duplicable=True)
        self.add_output("Moment1Out", "updated first moments", duplicable=True)
        self.add_output("Moment2Out", "updated second moments", duplicable=True)
        self.add_output("Moment2MaxOut", "updated maxima (amsgrad)", duplicable=True,
                        dispensable=True)
        self.add_output("Beta1PowOut", "beta1^(t+1) each", duplicable=True)
        self.add_output("Beta2PowOut", "beta2^(t+1) each", duplicable=True)
        self.add_output("MasterParamOut", "the updated master copies", duplicable=True,
                        dispensable=True)
        self.add_attr("beta1", AttrType.FLOAT, 0.9, "decay of the first moments")
        self.add_attr("beta2", AttrType.FLOAT, 0.999, "decay of the second moments")
        self.add_attr("epsilon", AttrType.FLOAT, 1e-8, "numerical stability")
        self.add_attr("multi_precision", AttrType.BOOLEAN, False, "keep float32 master copies")
        self.add_attr("use_global_beta_pow", AttrType.BOOLEAN, False,
                      "beta powers are updated elsewhere")
        self.add_attr("amsgrad", AttrType.BOOLEAN, False, "AMSGrad variant")


class MergedAdamKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        params = ctx.multi_input("Param")
        grads = ctx.multi_input("Grad")
        lrs = ctx.multi_input("LearningRate")
        moment1s = ctx.multi_input("Moment1")
        moment2s = ctx.multi_input("Moment2")
        moment2_maxs = ctx.multi_input("Moment2Max")
        beta1_pows = ctx.multi_input("Beta1Pow")
        beta2_pows = ctx.multi_input("Beta2Pow")
        param_outs = ctx.multi_output("ParamOut")
        moment1_outs = ctx.multi_output("Moment1Out")
        moment2_outs = ctx.multi_output("Moment2Out")
        moment2_max_outs = ctx.multi_output("Moment2MaxOut")
        beta1_pow_outs = ctx.multi_output("Beta1PowOut")
        beta2_pow_outs = ctx.multi_output("Beta2PowOut")
        master_param_outs = ctx.multi_output("MasterParamOut")
        beta1 = ctx.attr("beta1")
        beta2 = ctx.attr("beta2")
        epsilon = ctx.attr("epsilon")
        use_global_beta_pow = ctx.attr("use_global_beta_pow")
        amsgrad = ctx.attr("amsgrad")
        opt_counts.check_counts(ctx.op_type, len(params), {
            "Grad": len(grads), "LearningRate": len(lrs), "Moment1": len(moment1s),
            "Moment2": len(moment2s), "Beta1Pow": len(beta1_pows), "Beta2Pow": len(beta2_pows)})
        for i, param in enumerate(params):
            m2_max = opt_funcs.amsgrad_max(
                ctx.op_type, amsgrad, moment2_maxs[i] if i < len(moment2_maxs) else None,
                moment2_max_outs[i] if i < len(moment2_max_outs) else None)
            arrays = [t.data for t in (param, grads[i], lrs[i], moment1s[i], moment2s[i],
                                       beta1_pows[i], beta2_pows[i])]
            outs = [out[i].mutable_data(ctx.place, src.dtype)
                    for out, src in ((param_outs, param), (moment1_outs, moment1s[i]),
                                     (moment2_outs, moment2s[i]),
                                     (beta1_pow_outs, beta1_pows[i]),
                                     (beta2_pow_outs, beta2_pows[i]))]
            opt_funcs.adam(ctx.xp, *arrays, beta1, beta2, epsilon, *outs,
                           update_pows=not use_global_beta_pow, moment2_max=m2_max,
                           moment2_max_out=None if m2_max is None
                           else moment2_max_outs[i].mutable_data(ctx.place, param.dtype))
            master_param_out = opt_counts.master_out(
                ctx.op_type, ctx.attr("multi_precision"),
                master_param_outs[i] if i < len(master_param_outs) else None)
            if master_param_out is not None:
                master_param_out.mutable_data(ctx.place, param.dtype)[...] = outs[0]


VERIFY_CASES = [{"name": "two parameters", "inputs": {
    "Param": [(3, 4), (5,)], "Grad": [(3, 4), (5,)],
    "LearningRate": [{"value": [0.01]}, {"value": [0.02]}], "Moment1": [(3, 4), (5,)],
    "Moment2": [{"shape": (3, 4), "low": 0, "high": 0.1}, {"shape": (5,), "low": 0, "high": 0.1}],
    "Moment2Max": None, "Beta1Pow": [{"value": [0.9]}, {"value": [0.81]}],
    "Beta2Pow": [{"value": [0.999]}, {"value": [0.998]}], "MasterParam": None},
    "outputs": {"ParamOut": 2, "Moment1Out": 2, "Moment2Out": 2, "Beta1PowOut": 2,
                "Beta2PowOut": 2}}]

register_operator("merged_adam", OptimizerOp, MergedAdamOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("merged_adam", "CPU", MergedAdamKernel, _dtype)
    register_op_kernel("merged_adam", "GPU", MergedAdamKernel, _dtype)
