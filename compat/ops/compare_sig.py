"""equal / not_equal / less_than / less_equal / greater_than / greater_equal: the plain PHI
kernel when axis == -1, else the `*_raw` kernel taking fluid's axis. force_cpu is not a
kernel argument (the operator moves the kernel to the CPU)."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


def _axis_choices(kernel: str) -> dict[str, str]:
    return {kernel: "axis == -1 (NumPy broadcasting)",
            f"{kernel}_raw": "axis != -1 (fluid's axis broadcasting)"}


def _signature(ctx: ArgumentMappingContext, kernel: str) -> KernelSignature:
    axis = ctx.attr("axis") if ctx.has_attr("axis") else -1
    if axis == -1:
        return KernelSignature(kernel, ["X", "Y"], [], ["Out"])
    return KernelSignature(f"{kernel}_raw", ["X", "Y"], ["axis"], ["Out"])


@register_arg_mapping("equal", chooses=_axis_choices("equal"))
def equal_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return _signature(ctx, "equal")


@register_arg_mapping("not_equal", chooses=_axis_choices("not_equal"))
def not_equal_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return _signature(ctx, "not_equal")


@register_arg_mapping("less_than", chooses=_axis_choices("less_than"))
def less_than_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return _signature(ctx, "less_than")


@register_arg_mapping("less_equal", chooses=_axis_choices("less_equal"))
def less_equal_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return _signature(ctx, "less_equal")


@register_arg_mapping("greater_than", chooses=_axis_choices("greater_than"))
def greater_than_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return _signature(ctx, "greater_than")


@register_arg_mapping("greater_equal", chooses=_axis_choices("greater_equal"))
def greater_equal_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return _signature(ctx, "greater_equal")
