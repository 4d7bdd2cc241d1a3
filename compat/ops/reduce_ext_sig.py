"""reduce_all / reduce_any / reduce_amax / reduce_amin -> all / any / amax / amin, or their
`_raw` kernels (which take reduce_all) when reduce_all is set; `dim` is the axis list and
the AxisTensor inputs are not read (Paddle's legacy programs ignore them too).
logsumexp and p_norm use the default mapping."""

from compat.arg_mapping import register_arg_mapping, register_base_kernel_name
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import UNREGISTERED, KernelSignature

register_base_kernel_name("reduce_all", "all")
register_base_kernel_name("reduce_any", "any")
register_base_kernel_name("reduce_amax", "amax")
register_base_kernel_name("reduce_amin", "amin")


def _choices(kernel: str) -> dict[str, str]:
    return {kernel: "reduce_all is false", f"{kernel}_raw": "reduce_all is true"}


def _signature(ctx: ArgumentMappingContext, kernel: str) -> KernelSignature:
    if not ctx.is_dense_tensor_input("X"):
        return UNREGISTERED
    if ctx.has_attr("reduce_all") and bool(ctx.attr("reduce_all")):
        return KernelSignature(f"{kernel}_raw", ["X"], ["dim", "keep_dim", "reduce_all"],
                               ["Out"])
    return KernelSignature(kernel, ["X"], ["dim", "keep_dim"], ["Out"])


@register_arg_mapping("reduce_all", chooses=_choices("all"))
def reduce_all_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return _signature(ctx, "all")


@register_arg_mapping("reduce_any", chooses=_choices("any"))
def reduce_any_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return _signature(ctx, "any")


@register_arg_mapping("reduce_amax", chooses=_choices("amax"))
def reduce_amax_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return _signature(ctx, "amax")


@register_arg_mapping("reduce_amin", chooses=_choices("amin"))
def reduce_amin_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return _signature(ctx, "amin")
