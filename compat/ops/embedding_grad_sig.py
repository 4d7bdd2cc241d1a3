"""lookup_table_v2_grad -> embedding_grad, lookup_table_grad -> lookup_table_grad (dense
W@GRAD only; a sparse one has no kernel: the legacy kernel refuses it by name)."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import UNREGISTERED, KernelSignature


@register_arg_mapping("lookup_table_v2_grad")
def lookup_table_v2_grad_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    if ctx.attr("is_sparse"):
        return UNREGISTERED
    return KernelSignature("embedding_grad", ["Ids", "W", "Out@GRAD"], ["padding_idx"],
                           ["W@GRAD"])


@register_arg_mapping("lookup_table_grad")
def lookup_table_grad_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    if ctx.attr("is_sparse"):
        return UNREGISTERED
    return KernelSignature("lookup_table_grad", ["W", "Ids", "Out@GRAD"], ["padding_idx"],
                           ["W@GRAD"])
