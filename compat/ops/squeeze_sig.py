"""squeeze2 -> squeeze_with_xshape when the op has an XShape output (which its grad op
reads), else squeeze (its base kernel, phi/op_compat.yaml)."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("squeeze2", chooses={
    "squeeze_with_xshape": "the op has an XShape output", "squeeze": "no XShape output"})
def squeeze2_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    if ctx.has_output("XShape"):
        return KernelSignature("squeeze_with_xshape", ["X"], ["axes"], ["Out", "XShape"])
    return KernelSignature("squeeze", ["X"], ["axes"], ["Out"])
