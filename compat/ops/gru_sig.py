"""gru: the kernel also writes the extra BatchGate / BatchResetHiddenPrev / BatchHidden
outputs (Paddle's training workspaces, which gru_grad reads)."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("gru")
def gru_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("gru", ["Input", "H0", "Weight", "Bias"],
                           ["activation", "gate_activation", "is_reverse", "origin_mode"],
                           ["BatchGate", "BatchResetHiddenPrev", "BatchHidden", "Hidden"])
