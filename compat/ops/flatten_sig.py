"""flatten_contiguous_range -> flatten / flatten_with_xshape; flatten (v1) -> flatten2."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("flatten_contiguous_range", chooses={
    "flatten_with_xshape": "the op has an XShape output", "flatten": "no XShape output"})
def flatten_contiguous_range_op_argument_mapping(ctx: ArgumentMappingContext
                                                 ) -> KernelSignature:
    if ctx.has_output("XShape"):
        return KernelSignature("flatten_with_xshape", ["X"], ["start_axis", "stop_axis"],
                               ["Out", "XShape"])
    return KernelSignature("flatten", ["X"], ["start_axis", "stop_axis"], ["Out"])


@register_arg_mapping("flatten")
def flatten_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    """The v1 op has no XShape; flatten2's optional xshape stays unset."""
    return KernelSignature("flatten2", ["X"], ["axis"], ["Out", "XShape"])
