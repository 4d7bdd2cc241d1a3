"""rrelu: the kernel also writes the extra Noise output."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("rrelu")
def rrelu_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("rrelu", ["X"], ["lower", "upper", "is_test"], ["Out", "Noise"])
