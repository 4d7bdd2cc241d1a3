"""expand_v2_grad -> expand_grad, tile_grad -> tile_grad: the forward's sizes from its
tensor inputs or attribute, as the forward's mapping picks them."""

from compat.arg_mapping import register_arg_mapping, register_base_kernel_name
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature
from compat.ops.slice_sig import _source as _sizes

register_base_kernel_name("expand_v2_grad", "expand_grad")


@register_arg_mapping("expand_v2_grad")
def expand_v2_grad_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    shape = _sizes(ctx, "Shape", "expand_shapes_tensor", "shape")
    return KernelSignature("expand_grad", ["X", "Out@GRAD"], [shape], ["X@GRAD"])


@register_arg_mapping("tile_grad")
def tile_grad_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    reps = _sizes(ctx, "RepeatTimes", "repeat_times_tensor", "repeat_times")
    return KernelSignature("tile_grad", ["X", "Out@GRAD"], [reps], ["X@GRAD"])
