"""expand_v2 -> expand; the shape comes from Shape, else expand_shapes_tensor, else the
`shape` attribute."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import UNREGISTERED, KernelSignature


@register_arg_mapping("expand_v2")
def expand_v2_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    if not ctx.is_dense_tensor_input("X"):
        return UNREGISTERED
    if ctx.has_input("Shape"):
        shape = "Shape"
    elif ctx.input_size("expand_shapes_tensor") > 0:
        shape = "expand_shapes_tensor"
    else:
        shape = "shape"
    return KernelSignature("expand", ["X"], [shape], ["Out"])
