"""scale: ScaleTensor / BiasTensor, when fed, replace the `scale` / `bias` attributes."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import UNREGISTERED, KernelSignature


@register_arg_mapping("scale")
def scale_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    if not ctx.is_dense_tensor_input("X"):
        return UNREGISTERED
    scale = "ScaleTensor" if ctx.has_input("ScaleTensor") else "scale"
    bias = "BiasTensor" if ctx.has_input("BiasTensor") else "bias"
    return KernelSignature("scale", ["X"], [scale, bias, "bias_after_scale"], ["Out"])
