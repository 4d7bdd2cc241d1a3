"""A legacy op's shape inference as its InferMeta, through its argument mapping.

Paddle's migrated operators declare no InferShape of their own: the op is bound to the
InferMeta of its PHI kernel (DECLARE_INFER_SHAPE_FUNCTOR), called with the op's inputs,
attributes and outputs as the argument mapping lays them out. `infer_shape_by_meta` is
that binding for fluidphi's legacy ops: an `OperatorWithKernel` that does not override
`infer_shape` gets it (`install`, run when compat.dual_dispatch loads). The PHI kernel
named by the mapping supplies the argument definitions (every kernel of one name takes
the same arguments); an attribute fed by a tensor (ShapeTensor, ScaleTensor, ...) is read
from it as the kernel would read it.
"""

from __future__ import annotations

from compat.arg_mapping import get_kernel_signature
from compat.arg_mapping_context import ExecutionArgumentMappingContext
from compat.phi_args import build_kernel_args
from legacy_fluid.framework.execution_context import InferShapeContext
from legacy_fluid.framework.operator import DEFAULT_INFER_SHAPE, OperatorWithKernel
from phi.core.infermeta_utils import INFER_METAS, InferMetaPlan
from phi.core.kernel_factory import KERNELS


class NoInferMetaError(NotImplementedError):
    """The op declares no infer_shape and its mapping names no kernel with an InferMeta."""


def infer_shape_by_meta(op: OperatorWithKernel, ctx: InferShapeContext) -> None:
    """Set `op`'s output dims, dtypes and lods with the InferMeta of its PHI kernel."""
    sig = get_kernel_signature(op.proto, ExecutionArgumentMappingContext(op, ctx.runtime))
    binding = INFER_METAS.get(sig.name)
    kernels = KERNELS.kernels_of(sig.name)
    if binding is None or not kernels:
        missing = "no InferMeta" if kernels else "no PHI kernel"
        raise NoInferMetaError(
            f"op '{op.type}' declares no infer_shape and its PHI kernel '{sig.name}' has "
            f"{missing} to infer it with")
    args_def = next(iter(kernels.values())).args_def
    InferMetaPlan(binding, args_def)(build_kernel_args(op, ctx.runtime, sig, args_def))


def install() -> None:
    """Make `infer_shape_by_meta` the shape inference of ops that declare none."""
    DEFAULT_INFER_SHAPE[:] = [infer_shape_by_meta]
