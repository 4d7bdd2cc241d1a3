"""top_k_v2 -> topk, k from the K tensor when fed, else the `k` attribute.
argsort, kthvalue, mode and searchsorted use the default mapping."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import UNREGISTERED, KernelSignature


@register_arg_mapping("top_k_v2")
def top_k_v2_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    if not ctx.is_dense_tensor_input("X"):
        return UNREGISTERED
    k = "K" if ctx.has_input("K") else "k"
    return KernelSignature("topk", ["X"], [k, "axis", "largest", "sorted"],
                           ["Out", "Indices"])
