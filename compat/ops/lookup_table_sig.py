"""lookup_table (v1): only padding_idx reaches the kernel (the rest configures distributed runs)."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("lookup_table")
def lookup_table_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("lookup_table", ["W", "Ids"], ["padding_idx"], ["Out"])
