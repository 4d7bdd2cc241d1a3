"""increment -> increment: the attribute `step` is PHI's `value`."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("increment")
def increment_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("increment", ["X"], ["step"], ["Out"])
