"""tp_momentum, tp_adagrad: one template gathers the states an optimizer declares, calls
its update() and writes back every array update() returns."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType

from .common import in_data


class OptimizerOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        for slot in self.outputs:
            ctx.set_output_dim(slot, ctx.get_input_dim(slot[:-3]))
            ctx.set_output_dtype(slot, ctx.get_input_dtype(slot[:-3]))


class OptimizerKernel(OpKernel):
    #: output slot -> the input slot of each state the optimizer keeps
    STATES = {}

    def compute(self, ctx):
        param = ctx.input("Param")
        grad = ctx.input("Grad")
        lr = float(ctx.input("LearningRate").numpy().reshape(-1)[0])
        states = {slot: in_data(ctx, slot) for slot in self.STATES.values()}
        results = self.update(ctx.xp, param.data, grad.data, lr, states, ctx)
        for slot, value in results.items():
            if value is None or not ctx.has_output(slot):
                continue
            ctx.output(slot).mutable_data(ctx.place, param.dtype)[...] = value

    def update(self, xp, param, grad, lr, states, ctx):
        raise NotImplementedError


class MomentumOpMaker(OpProtoAndCheckerMaker):
    def make(self):
        for slot in ("Param", "Grad", "Velocity", "LearningRate"):
            self.add_input(slot, slot)
        self.add_output("ParamOut", "the parameter, updated")
        self.add_output("VelocityOut", "the velocity, updated")
        self.add_attr("mu", AttrType.FLOAT, 0.9, "momentum")


class MomentumKernel(OptimizerKernel):
    STATES = {"VelocityOut": "Velocity"}

    @staticmethod
    def step(param, grad, velocity, mu, lr):
        velocity = mu * velocity + grad
        return param - lr * velocity, velocity

    def update(self, xp, param, grad, lr, states, ctx):
        param_out, velocity = self.step(param, grad, states["Velocity"], ctx.attr("mu"), lr)
        return {"ParamOut": param_out, "VelocityOut": velocity}


class ClippedMomentumKernel(OptimizerKernel):
    """Momentum on the gradient clipped to [-clip, clip]: MomentumKernel's step."""

    STATES = {"VelocityOut": "Velocity"}

    def __init__(self):
        super(ClippedMomentumKernel, self).__init__()  # noqa: UP008
        self._momentum = MomentumKernel()

    def update(self, xp, param, grad, lr, states, ctx):
        clip = ctx.attr("clip")
        param_out, velocity = self._momentum.step(
            param, xp.clip(grad, -clip, clip), states["Velocity"], ctx.attr("mu"), lr)
        return {"ParamOut": param_out, "VelocityOut": velocity}


class ClippedMomentumOpMaker(MomentumOpMaker):
    def make(self):
        super().make()
        self.add_attr("clip", AttrType.FLOAT, 1.0, "the gradient's bound")


class AdagradOpMaker(OpProtoAndCheckerMaker):
    def make(self):
        for slot in ("Param", "Grad", "Moment", "LearningRate"):
            self.add_input(slot, slot)
        self.add_output("ParamOut", "the parameter, updated")
        self.add_output("MomentOut", "the moment, updated")
        self.add_attr("epsilon", AttrType.FLOAT, 1e-6, "added to the denominator")


class AdagradKernel(OptimizerKernel):
    STATES = {"MomentOut": "Moment"}

    def update(self, xp, param, grad, lr, states, ctx):
        moment = states["Moment"] + grad * grad
        step = lr * grad / (xp.sqrt(moment) + ctx.attr("epsilon"))
        return {"ParamOut": param - step, "MomentOut": moment}


register_operator("tp_momentum", OptimizerOp, MomentumOpMaker)
register_operator("tp_adagrad", OptimizerOp, AdagradOpMaker)
register_operator("tp_clipped_momentum", OptimizerOp, ClippedMomentumOpMaker)
register_op_kernel("tp_momentum", "CPU", MomentumKernel, "float32", "float64")
register_op_kernel("tp_adagrad", "CPU", AdagradKernel, "float32", "float64")
register_op_kernel("tp_clipped_momentum", "CPU", ClippedMomentumKernel, "float32", "float64")
