"""tile: the repeats come from RepeatTimes, else repeat_times_tensor, else the
`repeat_times` attribute."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import UNREGISTERED, KernelSignature


@register_arg_mapping("tile")
def tile_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    if not ctx.is_dense_tensor_input("X"):
        return UNREGISTERED
    if ctx.has_input("RepeatTimes"):
        reps = "RepeatTimes"
    elif ctx.input_size("repeat_times_tensor") > 0:
        reps = "repeat_times_tensor"
    else:
        reps = "repeat_times"
    return KernelSignature("tile", ["X"], [reps], ["Out"])
