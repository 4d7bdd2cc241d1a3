"""dropout: the kernel also takes the extra Seed input, seed attributes and Mask output."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("dropout")
def dropout_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("dropout", ["X", "Seed"],
                           ["dropout_prob", "is_test", "dropout_implementation", "seed",
                            "fix_seed"], ["Out", "Mask"])
