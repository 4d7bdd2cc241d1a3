"""cast: only out_dtype reaches the kernel (as a DataType); in_dtype is X's own."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("cast")
def cast_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("cast", ["X"], ["out_dtype"], ["Out"])
