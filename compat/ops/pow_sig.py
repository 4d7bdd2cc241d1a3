"""pow: FactorTensor, when fed, replaces the `factor` attribute (the kernel's Scalar y)."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("pow")
def pow_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    factor = "FactorTensor" if ctx.has_input("FactorTensor") else "factor"
    return KernelSignature("pow", ["X"], [factor], ["Out"])
