"""instance_norm: SavedMean / SavedVariance are extra outputs, which the default mapping
leaves out; the PHI kernel writes them when the program has them."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("instance_norm")
def instance_norm_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("instance_norm",
                           ["X", "Scale", "Bias"],
                           ["epsilon"],
                           ["Y", "SavedMean", "SavedVariance"])
