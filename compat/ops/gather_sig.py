"""gather: a fed Axis tensor replaces the `axis` attribute (the kernel's Scalar axis)."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("gather")
def gather_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    axis = "Axis" if ctx.has_input("Axis") else "axis"
    return KernelSignature("gather", ["X", "Index"], [axis], ["Out"])
