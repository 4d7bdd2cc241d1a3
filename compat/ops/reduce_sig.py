"""reduce_sum / reduce_mean -> sum / mean, or sum_raw / mean_raw when reduce_all is set.

reduce_all / reduce_any / reduce_amax / reduce_amin -> all / any / amax / amin, or their
`_raw` kernels (which take reduce_all) when reduce_all is set; `dim` is the axis list and
the AxisTensor inputs are not read (Paddle's legacy programs ignore them too).
logsumexp and p_norm use the default mapping.
"""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import UNREGISTERED, KernelSignature
from compat.ops.reduce_math_sig import reduce_all_choices, reduce_signature


def _reduce_all(ctx: ArgumentMappingContext) -> bool:
    return bool(ctx.attr("reduce_all")) if ctx.has_attr("reduce_all") else False


@register_arg_mapping("reduce_sum", chooses={"sum": "reduce_all is false",
                                              "sum_raw": "reduce_all is true"})
def reduce_sum_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    if not ctx.is_dense_tensor_input("X"):
        return UNREGISTERED
    if _reduce_all(ctx):
        return KernelSignature("sum_raw", ["X"], ["dim", "keep_dim", "reduce_all", "out_dtype"],
                               ["Out"])
    return KernelSignature("sum", ["X"], ["dim", "out_dtype", "keep_dim"], ["Out"])


@register_arg_mapping("reduce_mean", chooses={"mean": "reduce_all is false",
                                               "mean_raw": "reduce_all is true"})
def reduce_mean_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    if not ctx.is_dense_tensor_input("X"):
        return UNREGISTERED
    if _reduce_all(ctx):
        return KernelSignature("mean_raw", ["X"], ["dim", "keep_dim", "reduce_all"], ["Out"])
    return KernelSignature("mean", ["X"], ["dim", "keep_dim"], ["Out"])


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
