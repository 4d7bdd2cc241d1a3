"""hard_swish_grad -> hardswish_grad (the default mapping fits the other activation grads):
its PHI kernel (as Paddle's) takes no threshold / scale / offset, so the mapping refuses
values other than 6 / 6 / 3.
"""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature
from phi.kernels.funcs.activation_grad import HARDSWISH_CONSTANTS, check_hardswish_constants


@register_arg_mapping("hard_swish_grad")
def hard_swish_grad_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    check_hardswish_constants(*(ctx.attr(name) if ctx.has_attr(name) else default
                                for name, default in zip(("threshold", "scale", "offset"),
                                                         HARDSWISH_CONSTANTS)))
    return KernelSignature("hardswish_grad", ["X", "Out@GRAD"], [], ["X@GRAD"])
