"""slice: starts/ends come from a 1-D tensor, a list of scalar tensors, or the attributes."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import UNREGISTERED, KernelSignature


def _source(ctx: ArgumentMappingContext, tensor: str, tensor_list: str, attr: str) -> str:
    if ctx.has_input(tensor):
        return tensor
    if ctx.input_size(tensor_list) > 0:
        return tensor_list
    return attr


@register_arg_mapping("slice")
def slice_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    if not ctx.is_dense_tensor_input("Input"):
        return UNREGISTERED
    starts = _source(ctx, "StartsTensor", "StartsTensorList", "starts")
    ends = _source(ctx, "EndsTensor", "EndsTensorList", "ends")
    return KernelSignature("slice", ["Input"],
                           ["axes", starts, ends, "infer_flags", "decrease_axis"], ["Out"])
