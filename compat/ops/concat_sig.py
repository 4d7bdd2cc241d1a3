"""concat: AxisTensor, when fed, replaces the `axis` attribute."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("concat")
def concat_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    axis = "AxisTensor" if ctx.has_input("AxisTensor") else "axis"
    return KernelSignature("concat", ["X"], [axis], ["Out"])
