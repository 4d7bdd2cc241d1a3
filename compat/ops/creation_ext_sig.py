"""Creation family: fluid's one_hot_v2 and size run PHI's one_hot and numel; one_hot's depth
comes from depth_tensor when it is fed (`fluidphi migrate` output), and allow_out_of_range
is left out (Paddle's kernel ignores it)."""

from compat.arg_mapping import register_arg_mapping, register_base_kernel_name
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature

register_base_kernel_name("one_hot_v2", "one_hot")
register_base_kernel_name("size", "numel")


@register_arg_mapping("one_hot_v2")
def one_hot_v2_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    depth = "depth_tensor" if ctx.has_input("depth_tensor") else "depth"
    return KernelSignature("one_hot", ["X"], [depth, "dtype"], ["Out"])
