"""reduce_max / reduce_min / reduce_prod -> max / min / prod, or the `_raw` kernels (which
take reduce_all) when reduce_all is set; `dim` is the axis list."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import UNREGISTERED, KernelSignature


def reduce_all_choices(kernel: str) -> dict[str, str]:
    """What a fluid reduce op's mapping picks: `kernel`, or `kernel_raw` with reduce_all."""
    return {kernel: "reduce_all is false", f"{kernel}_raw": "reduce_all is true"}


def reduce_signature(ctx: ArgumentMappingContext, kernel: str) -> KernelSignature:
    """X, dim, keep_dim (and reduce_all for the `_raw` kernel, when it is set) -> Out."""
    if not ctx.is_dense_tensor_input("X"):
        return UNREGISTERED
    if ctx.has_attr("reduce_all") and bool(ctx.attr("reduce_all")):
        return KernelSignature(f"{kernel}_raw", ["X"], ["dim", "keep_dim", "reduce_all"],
                               ["Out"])
    return KernelSignature(kernel, ["X"], ["dim", "keep_dim"], ["Out"])


@register_arg_mapping("reduce_max", chooses=reduce_all_choices("max"))
def reduce_max_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return reduce_signature(ctx, "max")


@register_arg_mapping("reduce_min", chooses=reduce_all_choices("min"))
def reduce_min_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return reduce_signature(ctx, "min")


@register_arg_mapping("reduce_prod", chooses=reduce_all_choices("prod"))
def reduce_prod_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return reduce_signature(ctx, "prod")
