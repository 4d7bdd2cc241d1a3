"""matmul family: matmul_v2 -> matmul and mul -> matmul_with_flatten (default mappings),
matmul (v1) -> legacy_matmul without the MKLML-only head_number attribute."""

from compat.arg_mapping import register_arg_mapping, register_base_kernel_name
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature

register_base_kernel_name("matmul_v2", "matmul")
register_base_kernel_name("matmul", "legacy_matmul")
register_base_kernel_name("mul", "matmul_with_flatten")


@register_arg_mapping("matmul")
def matmul_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("legacy_matmul", ["X", "Y"], ["transpose_X", "transpose_Y", "alpha"],
                           ["Out"])
