"""Optimizer ops momentum, lamb, rmsprop and adagrad (sgd and adam: optimizer_op.py).

A training program names the same variable as Param and ParamOut (Velocity and
VelocityOut, ...): the math (phi.kernels.funcs.optimizers) reads every input before the
outputs are written. `multi_precision` follows Paddle's CPU kernels: lamb updates the
MasterParam and writes it to MasterParamOut and ParamOut; momentum, rmsprop and adagrad
update Param from Param and leave MasterParamOut unwritten, as lamb does without
multi_precision (phi.kernels.funcs.optimizers.CPU_MASTER_COPY).
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

_FLOAT = (DataType.FLOAT32, DataType.FLOAT64)


class MomentumOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Param", "the parameter")
        self.add_input("Grad", "its gradient")
        self.add_input("Velocity", "the velocity (Param's dims)")
        self.add_input("LearningRate", "[1]")
        self.add_input("MasterParam", "float32 copy for multi_precision", dispensable=True)
        self.add_output("ParamOut", "the updated parameter (Param's variable)")
        self.add_output("VelocityOut", "the updated velocity (Velocity's variable)")
        self.add_output("MasterParamOut", "the updated master copy", dispensable=True)
        self.add_attr("mu", AttrType.FLOAT, None, "momentum factor (required)")
        self.add_attr("use_nesterov", AttrType.BOOLEAN, False, "Nesterov momentum")
        self.add_attr("regularization_method", AttrType.STRING, "",
                      "'l2_decay' adds regularization_coeff * Param to the gradient")
        self.add_attr("regularization_coeff", AttrType.FLOAT, 0.0, "L2 decay coefficient")
        self.add_attr("multi_precision", AttrType.BOOLEAN, False, "keep a float32 master copy")
        self.add_attr("rescale_grad", AttrType.FLOAT, 1.0,
                      "gradient scale (Paddle's CPU kernel ignores it)")


class MomentumKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        param = ctx.input("Param")
        grad = ctx.input("Grad")
        velocity = ctx.input("Velocity")
        lr = ctx.input("LearningRate")
        param_out = ctx.output("ParamOut")
        velocity_out = ctx.output("VelocityOut")
        master_param_out = opt_funcs.master_out(ctx.op_type, ctx.attr("multi_precision"),
                                                ctx.output("MasterParamOut"))
        mu = ctx.attr("mu")
        use_nesterov = ctx.attr("use_nesterov")
        regularization_method = ctx.attr("regularization_method")
        regularization_coeff = ctx.attr("regularization_coeff")
        values = opt_funcs.momentum(ctx.xp, param.data, grad.data, velocity.data, lr.data, mu,
                                    use_nesterov, regularization_method, regularization_coeff)
        values["master_param_out"] = values["param_out"]
        opt_funcs.write_outputs(values, {
            "param_out": param_out.mutable_data(ctx.place, param.dtype),
            "velocity_out": velocity_out.mutable_data(ctx.place, velocity.dtype),
            "master_param_out": None if master_param_out is None
            else master_param_out.mutable_data(ctx.place, param.dtype)})


class LambOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Param", "the parameter")
        self.add_input("Grad", "its gradient")
        self.add_input("LearningRate", "[1]")
        self.add_input("Moment1", "first moment")
        self.add_input("Moment2", "second moment")
        self.add_input("Beta1Pow", "beta1^t, [1]")
        self.add_input("Beta2Pow", "beta2^t, [1]")
        self.add_input("MasterParam", "float32 copy for multi_precision", dispensable=True)
        self.add_input("SkipUpdate", "bool [1]: true leaves everything as it is",
                       dispensable=True)
        self.add_output("ParamOut", "the updated parameter (Param's variable)")
        self.add_output("Moment1Out", "updated first moment")
        self.add_output("Moment2Out", "updated second moment")
        self.add_output("Beta1PowOut", "beta1^(t+1)", dispensable=True)
        self.add_output("Beta2PowOut", "beta2^(t+1)", dispensable=True)
        self.add_output("MasterParamOut", "the updated master copy", dispensable=True)
        self.add_attr("weight_decay", AttrType.FLOAT, None, "decoupled weight decay (required)")
        self.add_attr("beta1", AttrType.FLOAT, 0.9, "decay of the first moment")
        self.add_attr("beta2", AttrType.FLOAT, 0.999, "decay of the second moment")
        self.add_attr("epsilon", AttrType.FLOAT, 1e-6, "numerical stability")
        self.add_attr("always_adapt", AttrType.BOOLEAN, False,
                      "use the trust ratio also without weight decay")
        self.add_attr("multi_precision", AttrType.BOOLEAN, False, "update the master copy")


class LambKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        param = ctx.input("Param")
        grad = ctx.input("Grad")
        lr = ctx.input("LearningRate")
        moment1 = ctx.input("Moment1")
        moment2 = ctx.input("Moment2")
        beta1_pow = ctx.input("Beta1Pow")
        beta2_pow = ctx.input("Beta2Pow")
        master_param = ctx.input("MasterParam")
        skip_update = ctx.input("SkipUpdate")
        param_out = ctx.output("ParamOut")
        moment1_out = ctx.output("Moment1Out")
        moment2_out = ctx.output("Moment2Out")
        beta1_pow_out = ctx.output("Beta1PowOut")
        beta2_pow_out = ctx.output("Beta2PowOut")
        master_param_out = opt_funcs.master_out(ctx.op_type, ctx.attr("multi_precision"),
                                                ctx.output("MasterParamOut"))
        weight_decay = ctx.attr("weight_decay")
        beta1 = ctx.attr("beta1")
        beta2 = ctx.attr("beta2")
        epsilon = ctx.attr("epsilon")
        always_adapt = ctx.attr("always_adapt")
        multi_precision = ctx.attr("multi_precision")
        source = opt_funcs.lamb_source(param.data, None if master_param is None
                                       else master_param.data, multi_precision)
        if skip_update is not None and opt_funcs.flag(skip_update.numpy()):
            values = opt_funcs.lamb_unchanged(param.data, source, moment1.data, moment2.data,
                                              beta1_pow.data, beta2_pow.data)
        else:
            values = opt_funcs.lamb(ctx.xp, source, grad.data, lr.data, moment1.data,
                                    moment2.data, beta1_pow.data, beta2_pow.data, weight_decay,
                                    beta1, beta2, epsilon, always_adapt)
        opt_funcs.write_outputs(values, {
            "param_out": param_out.mutable_data(ctx.place, param.dtype),
            "moment1_out": moment1_out.mutable_data(ctx.place, moment1.dtype),
            "moment2_out": moment2_out.mutable_data(ctx.place, moment2.dtype),
            "beta1_pow_out": None if beta1_pow_out is None
            else beta1_pow_out.mutable_data(ctx.place, beta1_pow.dtype),
            "beta2_pow_out": None if beta2_pow_out is None
            else beta2_pow_out.mutable_data(ctx.place, beta2_pow.dtype),
            "master_param_out": None if master_param_out is None
            else master_param_out.mutable_data(ctx.place, DataType.from_numpy(source.dtype))})


class RmspropOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Param", "the parameter")
        self.add_input("MeanSquare", "running mean of the squared gradient")
        self.add_input("Grad", "its gradient")
        self.add_input("Moment", "the momentum buffer")
        self.add_input("LearningRate", "[1]")
        self.add_input("MeanGrad", "running mean of the gradient (centered)", dispensable=True)
        self.add_input("MasterParam", "float32 copy for multi_precision", dispensable=True)
        self.add_output("ParamOut", "the updated parameter (Param's variable)")
        self.add_output("MomentOut", "updated momentum buffer")
        self.add_output("MeanSquareOut", "updated mean square")
        self.add_output("MeanGradOut", "updated mean gradient (centered)")
        self.add_output("MasterParamOut", "the updated master copy", dispensable=True)
        self.add_attr("epsilon", AttrType.FLOAT, 1e-10, "numerical stability")
        self.add_attr("decay", AttrType.FLOAT, 0.9, "decay of the running means")
        self.add_attr("momentum", AttrType.FLOAT, 0.0, "momentum factor")
        self.add_attr("centered", AttrType.BOOLEAN, False,
                      "normalise by the variance instead of the mean square")
        self.add_attr("multi_precision", AttrType.BOOLEAN, False, "keep a float32 master copy")


class RmspropKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        param = ctx.input("Param")
        mean_square = ctx.input("MeanSquare")
        grad = ctx.input("Grad")
        moment = ctx.input("Moment")
        lr = ctx.input("LearningRate")
        mean_grad = ctx.input("MeanGrad")
        param_out = ctx.output("ParamOut")
        moment_out = ctx.output("MomentOut")
        mean_square_out = ctx.output("MeanSquareOut")
        mean_grad_out = ctx.output("MeanGradOut")
        master_param_out = opt_funcs.master_out(ctx.op_type, ctx.attr("multi_precision"),
                                                ctx.output("MasterParamOut"))
        epsilon = ctx.attr("epsilon")
        decay = ctx.attr("decay")
        momentum = ctx.attr("momentum")
        centered = ctx.attr("centered")
        values = opt_funcs.rmsprop(ctx.xp, param.data, mean_square.data, grad.data,
                                   moment.data, lr.data,
                                   None if mean_grad is None else mean_grad.data, epsilon,
                                   decay, momentum, centered)
        values["master_param_out"] = values["param_out"]
        opt_funcs.write_outputs(values, {
            "param_out": param_out.mutable_data(ctx.place, param.dtype),
            "moment_out": moment_out.mutable_data(ctx.place, moment.dtype),
            "mean_square_out": mean_square_out.mutable_data(ctx.place, mean_square.dtype),
            "mean_grad_out": None if mean_grad_out is None or not centered
            else mean_grad_out.mutable_data(ctx.place, param.dtype),
            "master_param_out": None if master_param_out is None
            else master_param_out.mutable_data(ctx.place, param.dtype)})


class AdagradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Param", "the parameter")
        self.add_input("Grad", "its gradient")
        self.add_input("Moment", "sum of squared gradients")
        self.add_input("LearningRate", "[1]")
        self.add_input("MasterParam", "float32 copy for multi_precision", dispensable=True)
        self.add_output("ParamOut", "the updated parameter (Param's variable)")
        self.add_output("MomentOut", "the updated sum of squares")
        self.add_output("MasterParamOut", "the updated master copy", dispensable=True)
        self.add_attr("epsilon", AttrType.FLOAT, 1e-6, "numerical stability")
        self.add_attr("multi_precision", AttrType.BOOLEAN, False, "keep a float32 master copy")


class AdagradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        param = ctx.input("Param")
        grad = ctx.input("Grad")
        moment = ctx.input("Moment")
        lr = ctx.input("LearningRate")
        param_out = ctx.output("ParamOut")
        moment_out = ctx.output("MomentOut")
        master_param_out = opt_funcs.master_out(ctx.op_type, ctx.attr("multi_precision"),
                                                ctx.output("MasterParamOut"))
        epsilon = ctx.attr("epsilon")
        values = opt_funcs.adagrad(ctx.xp, param.data, grad.data, moment.data, lr.data, epsilon)
        values["master_param_out"] = values["param_out"]
        opt_funcs.write_outputs(values, {
            "param_out": param_out.mutable_data(ctx.place, param.dtype),
            "moment_out": moment_out.mutable_data(ctx.place, moment.dtype),
            "master_param_out": None if master_param_out is None
            else master_param_out.mutable_data(ctx.place, param.dtype)})


def _state(shape: tuple[int, ...], low: float, high: float) -> dict:
    return {"shape": shape, "low": low, "high": high}


_LR = {"value": [0.05]}
VERIFY_CASES = {
    "momentum": [
        {"name": "nesterov, l2 decay", "attrs": {"mu": 0.9, "use_nesterov": True,
                                                 "regularization_method": "l2_decay",
                                                 "regularization_coeff": 0.01},
         "inputs": {"Param": (3, 4), "Grad": (3, 4), "Velocity": (3, 4), "LearningRate": _LR,
                    "MasterParam": None},
         "outputs": ["ParamOut", "VelocityOut"]},
    ],
    "lamb": [
        {"name": "weight decay", "attrs": {"weight_decay": 0.01},
         "inputs": {"Param": (3, 4), "Grad": (3, 4), "LearningRate": _LR, "Moment1": (3, 4),
                    "Moment2": _state((3, 4), 0.0, 0.1), "Beta1Pow": {"value": [0.9]},
                    "Beta2Pow": {"value": [0.999]}, "MasterParam": None, "SkipUpdate": None},
         "outputs": ["ParamOut", "Moment1Out", "Moment2Out", "Beta1PowOut", "Beta2PowOut"]},
    ],
    "rmsprop": [
        {"name": "centered, momentum", "attrs": {"centered": True, "momentum": 0.9},
         "inputs": {"Param": (3, 4), "MeanSquare": _state((3, 4), 0.5, 1.0), "Grad": (3, 4),
                    "Moment": (3, 4), "LearningRate": _LR,
                    "MeanGrad": _state((3, 4), -0.1, 0.1), "MasterParam": None},
         "outputs": ["ParamOut", "MomentOut", "MeanSquareOut", "MeanGradOut"]},
    ],
    "adagrad": [
        {"name": "one step", "inputs": {"Param": (3, 4), "Grad": (3, 4),
                                        "Moment": _state((3, 4), 0.0, 1.0),
                                        "LearningRate": _LR, "MasterParam": None},
         "outputs": ["ParamOut", "MomentOut"]},
    ],
}

register_operator("momentum", OptimizerOp, MomentumOpMaker)
register_operator("lamb", OptimizerOp, LambOpMaker)
register_operator("rmsprop", OptimizerOp, RmspropOpMaker)
register_operator("adagrad", OptimizerOp, AdagradOpMaker)
for _dtype in _FLOAT:
    for _backend in ("CPU", "GPU"):
        register_op_kernel("momentum", _backend, MomentumKernel, _dtype)
        register_op_kernel("lamb", _backend, LambKernel, _dtype)
        register_op_kernel("rmsprop", _backend, RmspropKernel, _dtype)
        register_op_kernel("adagrad", _backend, AdagradKernel, _dtype)
