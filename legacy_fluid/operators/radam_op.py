"""radam: rectified Adam; the [1] step states beta1_pow, beta2_pow and rho advance in place
and broadcast over the parameter; the step is rectified once rho_t exceeds 5.
multi_precision is inert (Paddle's CPU kernel: master_param_out is not written). Math:
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


class RadamOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("param", "the parameter")
        self.add_input("grad", "its gradient")
        self.add_input("learning_rate", "[1]")
        self.add_input("beta1_pow", "beta1^(t-1), [1]")
        self.add_input("beta2_pow", "beta2^(t-1), [1]")
        self.add_input("rho", "the running rho, [1] (0 at the start)")
        self.add_input("moment1", "first moment")
        self.add_input("moment2", "second moment")
        self.add_input("master_param", "float32 copy for multi_precision", dispensable=True)
        self.add_output("param_out", "the updated parameter (param's variable)")
        self.add_output("beta1_pow_out", "beta1^t")
        self.add_output("beta2_pow_out", "beta2^t")
        self.add_output("rho_out", "the updated rho")
        self.add_output("moment1_out", "updated first moment")
        self.add_output("moment2_out", "updated second moment")
        self.add_output("master_param_out", "the updated master copy", dispensable=True)
        self.add_attr("beta1", AttrType.FLOAT, 0.9, "decay of the first moment")
        self.add_attr("beta2", AttrType.FLOAT, 0.999, "decay of the second moment")
        self.add_attr("epsilon", AttrType.FLOAT, 1e-8, "numerical stability")
        self.add_attr("multi_precision", AttrType.BOOLEAN, False, "keep a float32 master copy")


class RadamKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        param = ctx.input("param")
        grad = ctx.input("grad")
        learning_rate = ctx.input("learning_rate")
        beta1_pow = ctx.input("beta1_pow")
        beta2_pow = ctx.input("beta2_pow")
        rho = ctx.input("rho")
        moment1 = ctx.input("moment1")
        moment2 = ctx.input("moment2")
        param_out = ctx.output("param_out")
        beta1_pow_out = ctx.output("beta1_pow_out")
        beta2_pow_out = ctx.output("beta2_pow_out")
        rho_out = ctx.output("rho_out")
        moment1_out = ctx.output("moment1_out")
        moment2_out = ctx.output("moment2_out")
        master_param_out = opt_funcs.master_out(ctx.op_type, ctx.attr("multi_precision"),
                                                ctx.output("master_param_out"))
        beta1 = ctx.attr("beta1")
        beta2 = ctx.attr("beta2")
        epsilon = ctx.attr("epsilon")
        values = opt_funcs.radam(ctx.xp, param.data, grad.data, learning_rate.data,
                                 beta1_pow.data, beta2_pow.data, rho.data, moment1.data,
                                 moment2.data, beta1, beta2, epsilon)
        opt_funcs.write_outputs(values, {
            "param_out": param_out.mutable_data(ctx.place, param.dtype),
            "beta1_pow_out": beta1_pow_out.mutable_data(ctx.place, param.dtype),
            "beta2_pow_out": beta2_pow_out.mutable_data(ctx.place, param.dtype),
            "rho_out": rho_out.mutable_data(ctx.place, param.dtype),
            "moment1_out": moment1_out.mutable_data(ctx.place, param.dtype),
            "moment2_out": moment2_out.mutable_data(ctx.place, param.dtype),
            "master_param_out": None if master_param_out is None
            else master_param_out.mutable_data(ctx.place, param.dtype)})


VERIFY_CASES = [{"name": "rectified", "attrs": {"beta2": 0.9}, "inputs": {
    "param": (3, 4), "grad": (3, 4), "learning_rate": {"value": [0.01]},
    "beta1_pow": {"value": [0.43]}, "beta2_pow": {"value": [0.43]}, "rho": {"value": [5.0]},
    "moment1": (3, 4), "moment2": {"shape": (3, 4), "low": 0, "high": 0.1},
    "master_param": None},
    "outputs": ["param_out", "beta1_pow_out", "beta2_pow_out", "rho_out", "moment1_out",
                "moment2_out"]}]

register_operator("radam", OptimizerOp, RadamOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("radam", "CPU", RadamKernel, _dtype)
    register_op_kernel("radam", "GPU", RadamKernel, _dtype)
