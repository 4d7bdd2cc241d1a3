"""conv2d_transpose_grad / depthwise_conv2d_transpose_grad -> PHI grad kernels: Input,
Filter, Output@GRAD and the forward's attributes in the forward's order (the proto puts
Bias, which has no gradient, among the inputs)."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature

_ATTRS = ["strides", "paddings", "output_padding", "output_size", "padding_algorithm",
          "groups", "dilations", "data_format"]


def _signature(name: str) -> KernelSignature:
    return KernelSignature(name, ["Input", "Filter", "Output@GRAD"], _ATTRS,
                           ["Input@GRAD", "Filter@GRAD"])


@register_arg_mapping("conv2d_transpose_grad")
def conv2d_transpose_grad_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return _signature("conv2d_transpose_grad")


@register_arg_mapping("depthwise_conv2d_transpose_grad")
def depthwise_conv2d_transpose_grad_op_argument_mapping(ctx: ArgumentMappingContext
                                                        ) -> KernelSignature:
    return _signature("depthwise_conv2d_transpose_grad")
