"""concat_grad (axis from AxisTensor, else `axis`) and stack_grad (Y@GRAD is out_grad)."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("concat_grad")
def concat_grad_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    axis = "AxisTensor" if ctx.has_input("AxisTensor") else "axis"
    return KernelSignature("concat_grad", ["X", "Out@GRAD"], [axis], ["X@GRAD"])


@register_arg_mapping("stack_grad")
def stack_grad_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("stack_grad", ["X", "Y@GRAD"], ["axis"], ["X@GRAD"])
