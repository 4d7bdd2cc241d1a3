"""pool2d: `use_cudnn` is a proto attribute (not extra) that the kernel does not take."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("pool2d")
def pool2d_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("pool2d", ["X"],
                           ["ksize", "strides", "paddings", "ceil_mode", "exclusive",
                            "data_format", "pooling_type", "global_pooling", "adaptive",
                            "padding_algorithm"], ["Out"])
