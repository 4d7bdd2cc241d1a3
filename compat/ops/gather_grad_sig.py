"""gather_grad -> gather_grad: the axis from the forward's Axis tensor, else `axis`."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("gather_grad")
def gather_grad_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    axis = "Axis" if ctx.has_input("Axis") else "axis"
    return KernelSignature("gather_grad", ["X", "Index", "Out@GRAD"], [axis], ["X@GRAD"])
