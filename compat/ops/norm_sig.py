"""norm: the kernel also writes the extra Norm output (the divisor norm_grad reads)."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("norm")
def norm_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("norm", ["X"], ["axis", "epsilon", "is_test"], ["Out", "Norm"])
