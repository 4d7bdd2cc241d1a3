"""assign_value: the values come from `values` (3.x programs) when non-empty, else from the
2.x list attribute for the op's dtype (bool_values, int32_values, ...)."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature
from phi.kernels.funcs.assign import value_attr_name


@register_arg_mapping("assign_value")
def assign_value_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    values = ctx.attr("values") if ctx.has_attr("values") else []
    return KernelSignature("assign_value", [],
                           ["shape", "dtype", value_attr_name(ctx.attr("dtype"), values)],
                           ["Out"])
