"""einsum -> einsum_raw where the op writes its training caches (InnerCache / XShape, read
by einsum_grad), else einsum."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("einsum", chooses={
    "einsum_raw": "the op has InnerCache or XShape outputs", "einsum": "neither"})
def einsum_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    if ctx.has_output("InnerCache") or ctx.has_output("XShape"):
        return KernelSignature("einsum_raw", ["Operands"], ["equation"],
                               ["Out", "InnerCache", "XShape"])
    return KernelSignature("einsum", ["Operands"], ["equation"], ["Out"])
