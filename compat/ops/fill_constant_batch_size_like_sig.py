"""fill_constant_batch_size_like -> full_batch_size_like: the value from a non-empty
`str_value`, else from `value` (as Paddle's mapping)."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("fill_constant_batch_size_like")
def fill_constant_batch_size_like_op_argument_mapping(ctx: ArgumentMappingContext
                                                      ) -> KernelSignature:
    str_value = ctx.attr("str_value") if ctx.has_attr("str_value") else ""
    value = "value" if isinstance(str_value, str) and not str_value else "str_value"
    return KernelSignature("full_batch_size_like", ["Input"],
                           ["shape", "dtype", value, "input_dim_idx", "output_dim_idx"],
                           ["Out"])
