"""nanmedian: the kernel also writes the extra MedianIndex output (when the program has it)."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("nanmedian")
def nanmedian_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("nanmedian", ["X"], ["axis", "keepdim", "mode"],
                           ["Out", "MedianIndex"])
