"""matrix_rank: a fed TolTensor (per-batch absolute tolerances, not a Scalar) selects
matrix_rank_tol, which takes it as a tensor input in place of the `tol` attribute."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("matrix_rank", chooses={"matrix_rank": "TolTensor not fed",
                                              "matrix_rank_tol": "TolTensor fed"})
def matrix_rank_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    if ctx.has_input("TolTensor"):
        return KernelSignature("matrix_rank_tol", ["X", "TolTensor"],
                               ["use_default_tol", "hermitian"], ["Out"])
    return KernelSignature("matrix_rank", ["X"], ["tol", "use_default_tol", "hermitian"],
                           ["Out"])
