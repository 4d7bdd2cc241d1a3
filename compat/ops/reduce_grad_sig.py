"""reduce_{sum,max,min,prod}_grad -> {sum,max,min,prod}_grad: the forward's dim / keep_dim /
reduce_all as axis / keepdim / reduce_all."""

from compat.arg_mapping import register_arg_mapping, register_base_kernel_name
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature

register_base_kernel_name("reduce_sum_grad", "sum_grad")
register_base_kernel_name("reduce_max_grad", "max_grad")
register_base_kernel_name("reduce_min_grad", "min_grad")
register_base_kernel_name("reduce_prod_grad", "prod_grad")

_ATTRS = ["dim", "keep_dim", "reduce_all"]


@register_arg_mapping("reduce_sum_grad")
def reduce_sum_grad_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("sum_grad", ["X", "Out@GRAD"], _ATTRS, ["X@GRAD"])


@register_arg_mapping("reduce_max_grad")
def reduce_max_grad_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("max_grad", ["X", "Out", "Out@GRAD"], _ATTRS, ["X@GRAD"])


@register_arg_mapping("reduce_min_grad")
def reduce_min_grad_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("min_grad", ["X", "Out", "Out@GRAD"], _ATTRS, ["X@GRAD"])


@register_arg_mapping("reduce_prod_grad")
def reduce_prod_grad_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("prod_grad", ["X", "Out", "Out@GRAD"], _ATTRS, ["X@GRAD"])
