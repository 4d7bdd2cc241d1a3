"""unique -> unique (sorted: what paddle.unique writes) or unique_raw (fluid's unsorted
unique, which takes is_sorted). unique_consecutive uses the default mapping."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import UNREGISTERED, KernelSignature

_ATTRS = ["return_index", "return_inverse", "return_counts", "axis", "dtype"]
_OUTS = ["Out", "Indices", "Index", "Counts"]


@register_arg_mapping("unique", chooses={"unique": "is_sorted is true",
                                         "unique_raw": "is_sorted is false"})
def unique_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    if not ctx.is_dense_tensor_input("X"):
        return UNREGISTERED
    if ctx.has_attr("is_sorted") and bool(ctx.attr("is_sorted")):
        return KernelSignature("unique", ["X"], _ATTRS, _OUTS)
    return KernelSignature("unique_raw", ["X"], [*_ATTRS, "is_sorted"], _OUTS)
