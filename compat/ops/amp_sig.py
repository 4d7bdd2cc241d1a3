"""update_loss_scaling: stop_update is the StopUpdate tensor when a program gives one."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("update_loss_scaling")
def update_loss_scaling_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    stop = "StopUpdate" if ctx.has_input("StopUpdate") else "stop_update"
    return KernelSignature(
        "update_loss_scaling", ["X", "FoundInfinite", "PrevLossScaling", "InGoodSteps",
                                "InBadSteps"],
        ["incr_every_n_steps", "decr_every_n_nan_or_inf", "incr_ratio", "decr_ratio", stop],
        ["Out", "LossScaling", "OutGoodSteps", "OutBadSteps"])
