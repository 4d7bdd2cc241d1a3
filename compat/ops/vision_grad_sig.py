"""batch_norm_grad -> batch_norm_grad: it reads the running statistics from MeanOut / VarianceOut or
Mean / Variance, whichever the grad op names."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("batch_norm_grad")
def batch_norm_grad_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    """The running statistics come as MeanOut / VarianceOut, or (global statistics) as
    Mean / Variance, the same variables."""
    mean = "MeanOut" if ctx.has_input("MeanOut") else "Mean"
    variance = "VarianceOut" if ctx.has_input("VarianceOut") else "Variance"
    return KernelSignature("batch_norm_grad",
                           ["X", "Scale", "Bias", mean, variance, "SavedMean", "SavedVariance",
                            "ReserveSpace", "Y@GRAD"],
                           ["momentum", "epsilon", "data_layout", "is_test", "use_global_stats",
                            "trainable_statistics"], ["X@GRAD", "Scale@GRAD", "Bias@GRAD"])
