"""reduce_all / reduce_any / reduce_amax / reduce_amin -> all / any / amax / amin, or their
`_raw` kernels (which take reduce_all) when reduce_all is set; `dim` is the axis list and
the AxisTensor inputs are not read (Paddle's legacy programs ignore them too).
logsumexp and p_norm use the default mapping."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature
from compat.ops.reduce_math_sig import reduce_all_choices, reduce_signature


@register_arg_mapping("reduce_all", chooses=reduce_all_choices("all"))
def reduce_all_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return reduce_signature(ctx, "all")


@register_arg_mapping("reduce_any", chooses=reduce_all_choices("any"))
def reduce_any_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return reduce_signature(ctx, "any")


@register_arg_mapping("reduce_amax", chooses=reduce_all_choices("amax"))
def reduce_amax_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return reduce_signature(ctx, "amax")


@register_arg_mapping("reduce_amin", chooses=reduce_all_choices("amin"))
def reduce_amin_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return reduce_signature(ctx, "amin")
