"""`round` runs PHI `round` with `decimals`, except in a Paddle 2.x program,
whose round op has no `decimals` (RoundOp leaves it out) and rounded ties away
from zero: that one runs `legacy_round`."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("round", chooses={
    "round": "decimals set (every Paddle 3.x program)",
    "legacy_round": "no decimals attribute (a Paddle 2.x program: ties away from zero)"})
def round_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    if ctx.has_attr("decimals"):
        return KernelSignature("round", ["X"], ["decimals"], ["Out"])
    return KernelSignature("legacy_round", ["X"], [], ["Out"])
