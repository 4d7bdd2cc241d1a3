"""slice_grad -> slice_grad: starts / ends from the forward's tensors, else attributes."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature
from compat.ops.slice_sig import _source


@register_arg_mapping("slice_grad")
def slice_grad_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    starts = _source(ctx, "StartsTensor", "StartsTensorList", "starts")
    ends = _source(ctx, "EndsTensor", "EndsTensorList", "ends")
    return KernelSignature("slice_grad", ["Input", "Out@GRAD"],
                           ["axes", starts, ends, "infer_flags", "decrease_axis"],
                           ["Input@GRAD"])
