"""batch_norm: running statistics -> batch_norm_infer; batch statistics -> batch_norm.

`MomentumTensor` is not mapped (PHI's kernels take the `momentum` attribute).
"""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


def _flag(ctx: ArgumentMappingContext, name: str) -> bool:
    return bool(ctx.attr(name)) if ctx.has_attr(name) else False


@register_arg_mapping("batch_norm", chooses={
    "batch_norm_infer": "running statistics: is_test and not trainable_statistics, or "
                        "use_global_stats",
    "batch_norm": "batch statistics (training)"})
def batch_norm_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    is_test = _flag(ctx, "is_test")
    global_stats = _flag(ctx, "use_global_stats")
    trainable = _flag(ctx, "trainable_statistics")
    if (is_test and not trainable) or global_stats:
        return KernelSignature("batch_norm_infer", ["X", "Mean", "Variance", "Scale", "Bias"],
                               ["momentum", "epsilon", "data_layout"],
                               ["Y", "MeanOut", "VarianceOut"])
    return KernelSignature("batch_norm", ["X", "Mean", "Variance", "Scale", "Bias"],
                           ["is_test", "momentum", "epsilon", "data_layout", "use_global_stats",
                            "trainable_statistics"],
                           ["Y", "MeanOut", "VarianceOut", "SavedMean", "SavedVariance",
                            "ReserveSpace"])
