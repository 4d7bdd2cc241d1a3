"""pool3d: `use_cudnn` is a proto attribute (not extra) that the kernel does not take;
unpool: `unpooling_type` likewise (Paddle's PHI unpool has no such argument)."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("pool3d")
def pool3d_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("pool3d",
                           ["X"],
                           ["ksize", "strides", "paddings", "ceil_mode", "exclusive", "data_format",
                            "pooling_type", "global_pooling", "adaptive", "padding_algorithm"],
                           ["Out"])


@register_arg_mapping("unpool")
def unpool_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("unpool",
                           ["X", "Indices"],
                           ["ksize", "strides", "paddings", "output_size", "data_format"],
                           ["Out"])
