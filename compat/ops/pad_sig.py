"""pad3d: the Paddings tensor, when fed, replaces the `paddings` attribute (`fluidphi
migrate` output)."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("pad3d")
def pad3d_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    paddings = "Paddings" if ctx.has_input("Paddings") else "paddings"
    return KernelSignature("pad3d", ["X"], [paddings, "mode", "value", "data_format"], ["Out"])
