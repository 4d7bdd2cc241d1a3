"""rrelu: the kernel also writes the extra Noise output; rrelu_grad takes no attributes."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("rrelu")
def rrelu_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("rrelu", ["X"], ["lower", "upper", "is_test"], ["Out", "Noise"])


@register_arg_mapping("rrelu_grad")
def rrelu_grad_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("rrelu_grad", ["X", "Noise", "Out@GRAD"], [], ["X@GRAD"])
