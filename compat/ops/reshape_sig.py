"""reshape2 -> reshape (with xshape) and reshape (v1) -> legacy_reshape; the shape comes
from ShapeTensor, else Shape, else the `shape` attribute."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


def _shape_source(ctx: ArgumentMappingContext) -> str:
    if ctx.input_size("ShapeTensor") > 0:
        return "ShapeTensor"
    if ctx.has_input("Shape"):
        return "Shape"
    return "shape"


@register_arg_mapping("reshape2")
def reshape2_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("reshape", ["X"], [_shape_source(ctx)], ["Out", "XShape"])


@register_arg_mapping("reshape")
def reshape_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("legacy_reshape", ["X"], [_shape_source(ctx)], ["Out"])
