"""reduce_sum / reduce_mean -> sum / mean, or sum_raw / mean_raw when reduce_all is set."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import UNREGISTERED, KernelSignature


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
