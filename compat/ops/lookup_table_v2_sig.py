"""lookup_table_v2 -> embedding: the PHI kernel takes the ids first, the table second."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import UNREGISTERED, KernelSignature


@register_arg_mapping("lookup_table_v2")
def lookup_table_v2_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    if not ctx.is_dense_tensor_input("W"):  # a SelectedRows table has no kernel here
        return UNREGISTERED
    return KernelSignature("embedding", ["Ids", "W"], ["padding_idx"], ["Out"])
