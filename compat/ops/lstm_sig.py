"""lstm: the kernel also writes the extra training workspaces BatchGate and BatchCellPreAct
(when the program has them; lstm_grad reads them) and takes is_test (which leaves them
unwritten, as Paddle's kernel does)."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("lstm")
def lstm_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("lstm", ["Input", "H0", "C0", "Weight", "Bias"],
                           ["use_peepholes", "is_reverse", "is_test", "gate_activation",
                            "cell_activation", "candidate_activation"],
                           ["Hidden", "Cell", "BatchGate", "BatchCellPreAct"])
