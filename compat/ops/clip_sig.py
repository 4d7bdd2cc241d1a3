"""clip: fed Min / Max tensors replace the `min` / `max` attributes."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import UNREGISTERED, KernelSignature


@register_arg_mapping("clip")
def clip_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    if not ctx.is_dense_tensor_input("X"):
        return UNREGISTERED
    lo = "Min" if ctx.has_input("Min") else "min"
    hi = "Max" if ctx.has_input("Max") else "max"
    return KernelSignature("clip", ["X"], [lo, hi], ["Out"])
