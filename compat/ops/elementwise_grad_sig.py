"""Backward ops of the elementwise family (their PHI names: phi/op_compat.yaml).

sub / mul / div grads keep fluid's `axis` (the default mapping); Paddle's maximum_grad,
minimum_grad, elementwise_pow_grad and remainder_grad take no axis, so their mappings drop it after
refusing a forward axis that did not align trailing dims (the kernel could not honour it).
"""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext, ExecutionArgumentMappingContext
from compat.kernel_signature import KernelSignature
from phi.kernels.funcs.elementwise_grad import check_trailing_axis


def _trailing_signature(ctx: ArgumentMappingContext, kernel: str) -> KernelSignature:
    """At run time (operand dims known) a forward axis the kernel cannot honour is an
    error; a description-only context (inspect, coverage) just names the kernel."""
    if (isinstance(ctx, ExecutionArgumentMappingContext) and ctx.has_attr("axis")
            and ctx.has_input("X") and ctx.has_input("Y")):
        x, y = (ctx.runtime.inputs[slot][0].value for slot in ("X", "Y"))
        check_trailing_axis(ctx.op_type, x.dims, y.dims, ctx.attr("axis"))
    return KernelSignature(kernel, ["X", "Y", "Out@GRAD"], [], ["X@GRAD", "Y@GRAD"])


@register_arg_mapping("elementwise_max_grad")
def elementwise_max_grad_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return _trailing_signature(ctx, "maximum_grad")


@register_arg_mapping("elementwise_min_grad")
def elementwise_min_grad_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return _trailing_signature(ctx, "minimum_grad")


@register_arg_mapping("elementwise_pow_grad")
def elementwise_pow_grad_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return _trailing_signature(ctx, "elementwise_pow_grad")


@register_arg_mapping("remainder_grad")
def remainder_grad_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return _trailing_signature(ctx, "remainder_grad")
