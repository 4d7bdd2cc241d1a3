"""Backward ops of the shape ops -> PHI grad kernels: reshape2_grad -> reshape_grad,
flatten_contiguous_range_grad -> flatten_grad, squeeze2_grad / unsqueeze2_grad ->
squeeze_grad / unsqueeze_grad (each reading XShape), transpose2_grad -> transpose_grad
(the output gradient and the forward's axis only)."""

from compat.arg_mapping import register_arg_mapping, register_base_kernel_name
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature

register_base_kernel_name("reshape2_grad", "reshape_grad")
register_base_kernel_name("flatten_contiguous_range_grad", "flatten_grad")
register_base_kernel_name("squeeze2_grad", "squeeze_grad")
register_base_kernel_name("unsqueeze2_grad", "unsqueeze_grad")
register_base_kernel_name("transpose2_grad", "transpose_grad")


@register_arg_mapping("reshape2_grad")
def reshape2_grad_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("reshape_grad", ["XShape", "Out@GRAD"], [], ["X@GRAD"])


@register_arg_mapping("flatten_contiguous_range_grad")
def flatten_contiguous_range_grad_op_argument_mapping(ctx: ArgumentMappingContext
                                                      ) -> KernelSignature:
    return KernelSignature("flatten_grad", ["XShape", "Out@GRAD"], [], ["X@GRAD"])


@register_arg_mapping("unsqueeze2_grad")
def unsqueeze2_grad_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("unsqueeze_grad", ["XShape", "Out@GRAD"], ["axes"], ["X@GRAD"])


@register_arg_mapping("transpose2_grad")
def transpose2_grad_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("transpose_grad", ["Out@GRAD"], ["axis"], ["X@GRAD"])
