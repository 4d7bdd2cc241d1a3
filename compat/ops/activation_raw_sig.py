"""relu6 / hard_swish / swish: the PHI kernel with fixed constants unless an old program
set other values, then the *_raw kernel taking them as attributes."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


def _attr(ctx: ArgumentMappingContext, name: str, default: float) -> float:
    return float(ctx.attr(name)) if ctx.has_attr(name) else default


@register_arg_mapping("relu6", chooses={"relu6": "threshold == 6",
                                         "relu6_raw": "any other threshold"})
def relu6_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    if _attr(ctx, "threshold", 6.0) == 6.0:
        return KernelSignature("relu6", ["X"], [], ["Out"])
    return KernelSignature("relu6_raw", ["X"], ["threshold"], ["Out"])


@register_arg_mapping("hard_swish", chooses={
    "hardswish": "threshold, scale, offset == 6, 6, 3",
    "hardswish_raw": "any other threshold, scale or offset"})
def hard_swish_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    values = (_attr(ctx, "threshold", 6.0), _attr(ctx, "scale", 6.0), _attr(ctx, "offset", 3.0))
    if values == (6.0, 6.0, 3.0):
        return KernelSignature("hardswish", ["X"], [], ["Out"])
    return KernelSignature("hardswish_raw", ["X"], ["threshold", "scale", "offset"], ["Out"])


@register_arg_mapping("swish", chooses={"swish": "beta == 1", "swish_raw": "any other beta"})
def swish_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    if _attr(ctx, "beta", 1.0) == 1.0:
        return KernelSignature("swish", ["X"], [], ["Out"])
    return KernelSignature("swish_raw", ["X"], ["beta"], ["Out"])
