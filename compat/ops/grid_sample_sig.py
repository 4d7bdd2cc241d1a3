"""grid_sampler runs PHI `grid_sample` (Paddle's kernel name); affine_grid's OutputShape
tensor, when fed, replaces the `output_shape` attribute."""

from compat.arg_mapping import register_arg_mapping, register_base_kernel_name
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature

register_base_kernel_name("grid_sampler", "grid_sample")


@register_arg_mapping("affine_grid")
def affine_grid_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    output_shape = "OutputShape" if ctx.has_input("OutputShape") else "output_shape"
    return KernelSignature("affine_grid", ["Theta"], [output_shape, "align_corners"], ["Output"])
