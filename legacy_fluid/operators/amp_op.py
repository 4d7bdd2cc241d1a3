"""Loss-scaling ops of mixed-precision training: check_finite_and_unscale (unscale the
gradients, say whether any is NaN / inf) and update_loss_scaling (zero the gradients of
a non-finite step, grow or shrink the loss scale). Programs write both in place (Out is
X's variable, LossScaling PrevLossScaling's, ...). Math: phi.kernels.funcs.amp.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import amp as amp_funcs
from phi.kernels.funcs.optimizers import flag


def _outs_like_xs(ctx: InferShapeContext, op: str) -> None:
    """Out[i] takes X[i]'s dims and dtype (one Out variable per X tensor)."""
    if ctx.output_size("Out") != ctx.input_size("X"):
        raise ValueError(f"{op}: {ctx.input_size('X')} X tensors but "
                         f"{ctx.output_size('Out')} Out variables")
    ctx.set_outputs_dim("Out", ctx.get_inputs_dim("X"))
    if ctx.input_size("X"):
        ctx.set_outputs_dtype("Out", ctx.get_input_dtype("X"))


class CheckFiniteAndUnscaleOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "the scaled gradients", duplicable=True)
        self.add_input("Scale", "the loss scale, [1]")
        self.add_output("Out", "the unscaled gradients (X's variables)", duplicable=True)
        self.add_output("FoundInfinite", "bool [1]: some X holds NaN or inf")


class CheckFiniteAndUnscaleOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        _outs_like_xs(ctx, "check_finite_and_unscale")
        ctx.set_output_dim("FoundInfinite", (1,))
        ctx.set_output_dtype("FoundInfinite", DataType.BOOL)

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "Scale"), ctx.place)


class CheckFiniteAndUnscaleKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.multi_input("X")
        scale = ctx.input("Scale")
        out = ctx.multi_output("Out")
        found_infinite = ctx.output("FoundInfinite")
        arrays = [t.data for t in x]
        amp_funcs.check_finite_and_unscale(
            ctx.xp, arrays, scale.data, [o.mutable_data(ctx.place, t.dtype)
                                         for o, t in zip(out, x)],
            found_infinite.mutable_data(ctx.place, DataType.BOOL))


class UpdateLossScalingOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "the gradients", duplicable=True)
        self.add_input("FoundInfinite", "bool [1] from check_finite_and_unscale")
        self.add_input("PrevLossScaling", "the loss scale, [1]")
        self.add_input("InGoodSteps", "int32 [1]: finite steps in a row")
        self.add_input("InBadSteps", "int32 [1]: non-finite steps in a row")
        self.add_input("StopUpdate", "bool [1]: overrides stop_update", dispensable=True)
        self.add_output("Out", "the gradients, zeroed after a non-finite step",
                        duplicable=True)
        self.add_output("LossScaling", "the updated loss scale")
        self.add_output("OutGoodSteps", "updated finite-step count")
        self.add_output("OutBadSteps", "updated non-finite-step count")
        self.add_attr("incr_every_n_steps", AttrType.INT, None,
                      "grow the scale after this many finite steps (required)")
        self.add_attr("decr_every_n_nan_or_inf", AttrType.INT, None,
                      "shrink it after this many non-finite steps (required)")
        self.add_attr("incr_ratio", AttrType.FLOAT, None, "growth factor (required)")
        self.add_attr("decr_ratio", AttrType.FLOAT, None, "shrink factor (required)")
        self.add_attr("stop_update", AttrType.BOOLEAN, False,
                      "keep the scale and counters as they are")


class UpdateLossScalingOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        _outs_like_xs(ctx, "update_loss_scaling")
        for out, source in (("LossScaling", "PrevLossScaling"), ("OutGoodSteps", "InGoodSteps"),
                            ("OutBadSteps", "InBadSteps")):
            ctx.set_output_dim(out, ctx.get_input_dim(source))
            ctx.set_output_dtype(out, ctx.get_input_dtype(source))

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "PrevLossScaling"), ctx.place)


class UpdateLossScalingKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        xs = ctx.multi_input("X")
        found_infinite = ctx.input("FoundInfinite")
        prev_loss_scaling = ctx.input("PrevLossScaling")
        in_good_steps = ctx.input("InGoodSteps")
        in_bad_steps = ctx.input("InBadSteps")
        stop_update_tensor = ctx.input("StopUpdate")
        outs = ctx.multi_output("Out")
        loss_scaling = ctx.output("LossScaling")
        out_good_steps = ctx.output("OutGoodSteps")
        out_bad_steps = ctx.output("OutBadSteps")
        incr_every_n_steps = ctx.attr("incr_every_n_steps")
        decr_every_n_nan_or_inf = ctx.attr("decr_every_n_nan_or_inf")
        incr_ratio = ctx.attr("incr_ratio")
        decr_ratio = ctx.attr("decr_ratio")
        stop_update = ctx.attr("stop_update")
        if stop_update_tensor is not None:
            stop_update = flag(stop_update_tensor.numpy())
        amp_funcs.update_loss_scaling_step(
            ctx.xp, [x.data for x in xs], found_infinite.data, prev_loss_scaling.data,
            in_good_steps.data, in_bad_steps.data, incr_every_n_steps, decr_every_n_nan_or_inf,
            incr_ratio, decr_ratio, stop_update,
            [o.mutable_data(ctx.place, x.dtype) for o, x in zip(outs, xs)],
            loss_scaling.mutable_data(ctx.place, prev_loss_scaling.dtype),
            out_good_steps.mutable_data(ctx.place, DataType.INT32),
            out_bad_steps.mutable_data(ctx.place, DataType.INT32))


VERIFY_CASES = {
    "check_finite_and_unscale": [
        {"name": "two tensors", "inputs": {"X": [(3, 4), (5,)], "Scale": {"value": [8.0]}},
         "outputs": {"Out": 2, "FoundInfinite": 1}},
    ],
    "update_loss_scaling": [
        {"name": "a finite step", "attrs": {"incr_every_n_steps": 1,
                                            "decr_every_n_nan_or_inf": 2, "incr_ratio": 2.0,
                                            "decr_ratio": 0.5},
         "inputs": {"X": [(3, 4), (5,)], "FoundInfinite": {"value": [False], "dtype": "bool"},
                    "PrevLossScaling": {"value": [1024.0]},
                    "InGoodSteps": {"value": [0], "dtype": "int32"},
                    "InBadSteps": {"value": [0], "dtype": "int32"}, "StopUpdate": None},
         "outputs": {"Out": 2, "LossScaling": 1, "OutGoodSteps": 1, "OutBadSteps": 1}},
    ],
}

register_operator("check_finite_and_unscale", CheckFiniteAndUnscaleOp,
                  CheckFiniteAndUnscaleOpMaker)
register_operator("update_loss_scaling", UpdateLossScalingOp, UpdateLossScalingOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    for _backend in ("CPU", "GPU"):
        register_op_kernel("check_finite_and_unscale", _backend, CheckFiniteAndUnscaleKernel,
                           _dtype)
        register_op_kernel("update_loss_scaling", _backend, UpdateLossScalingKernel, _dtype)
