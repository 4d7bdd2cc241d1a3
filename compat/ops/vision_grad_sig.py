"""Backward ops of the vision ops -> PHI grad kernels: conv grads take the proto order;
pool2d_grad drops use_cudnn (a proto attribute the kernel does not take), as the forward's
mapping does; batch_norm_grad reads the running statistics from MeanOut / VarianceOut or
Mean / Variance, whichever the grad op names."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("pool2d_grad")
def pool2d_grad_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("pool2d_grad", ["X", "Out", "Out@GRAD"],
                           ["ksize", "strides", "paddings", "ceil_mode", "exclusive",
                            "data_format", "pooling_type", "global_pooling", "adaptive",
                            "padding_algorithm"], ["X@GRAD"])


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
