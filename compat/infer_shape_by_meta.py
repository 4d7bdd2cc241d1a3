"""A legacy op's shape inference as its InferMeta, through its argument mapping.

Paddle's migrated operators declare no InferShape of their own: the op is bound to the
InferMeta of its PHI kernel (DECLARE_INFER_SHAPE_FUNCTOR), called with the op's inputs,
attributes and outputs as the argument mapping lays them out. `infer_shape_by_meta` is
that binding for fluidphi's legacy ops: an `OperatorWithKernel` that does not override
`infer_shape` gets it (`install`, run when compat.dual_dispatch loads). The arguments are
laid out as the PHI kernel named by the mapping takes them (every kernel of one name takes
the same ones), or, where no such kernel is registered (a legacy module imported alone, as
`migrate --verify` imports it), as its ops.yaml entry declares them, with the entry's
InferMeta; an attribute fed by a tensor (ShapeTensor, ScaleTensor, ...) is read from it as
the kernel would read it.
"""

from __future__ import annotations

from compat.arg_mapping import get_kernel_signature
from compat.arg_mapping_context import ExecutionArgumentMappingContext
from compat.phi_args import build_kernel_args
from legacy_fluid.framework.execution_context import InferShapeContext
from legacy_fluid.framework.operator import DEFAULT_INFER_SHAPE, OperatorWithKernel
from phi.core.infermeta_utils import INFER_METAS, InferMetaBinding, InferMetaPlan
from phi.core.kernel_args import ArgKind, AttributeArgDef, KernelArgsDef, TensorArgDef
from phi.core.kernel_factory import KERNELS
from phi.infermeta import find_infer_meta
from phi.op_defs import ArgType, op_def_of_kernel


class NoInferMetaError(NotImplementedError):
    """The op declares no infer_shape and its mapping names no kernel with an InferMeta."""


def infer_shape_by_meta(op: OperatorWithKernel, ctx: InferShapeContext) -> None:
    """Set `op`'s output dims, dtypes and lods with the InferMeta of its PHI kernel."""
    sig = get_kernel_signature(op.proto, ExecutionArgumentMappingContext(op, ctx.runtime))
    binding = INFER_METAS.get(sig.name)
    kernels = KERNELS.kernels_of(sig.name)
    if binding is not None and kernels:
        args_def = next(iter(kernels.values())).args_def
    else:
        binding, args_def = _from_op_model(op.type, sig.name)
    InferMetaPlan(binding, args_def)(build_kernel_args(op, ctx.runtime, sig, args_def))


def _tensor_kind(optional: bool, is_list: bool, output: bool) -> ArgKind:
    if output:
        return ArgKind.OUTPUT_LIST if is_list else (
            ArgKind.OPTIONAL_OUTPUT if optional else ArgKind.OUTPUT)
    return ArgKind.INPUT_LIST if is_list else (
        ArgKind.OPTIONAL_INPUT if optional else ArgKind.INPUT)


def _from_op_model(op_type: str, kernel_name: str) -> tuple[InferMetaBinding, KernelArgsDef]:
    """The InferMeta and the argument layout of `kernel_name`'s ops.yaml entry."""
    entry = op_def_of_kernel(kernel_name)
    if entry is None or entry.infer_meta is None:
        raise NoInferMetaError(
            f"op '{op_type}' declares no infer_shape and its PHI kernel '{kernel_name}' has "
            "no InferMeta (no PHI kernel registered, no ops.yaml entry with one) to infer it "
            "with")
    args: list[TensorArgDef | AttributeArgDef] = []
    for a in entry.args:
        if a.type.is_tensor:
            args.append(TensorArgDef(a.name, _tensor_kind(a.optional, a.type is ArgType.TENSORS,
                                                          output=False)))
        else:
            args.append(AttributeArgDef(a.name, a.type.attribute_type))
    args += [TensorArgDef(o.name, _tensor_kind(o.optional, o.is_list, output=True))
             for o in entry.outputs]
    binding = InferMetaBinding(find_infer_meta(entry.infer_meta.func), entry.infer_meta.param,
                               entry.output_names)
    return binding, KernelArgsDef(tuple(args))


def install() -> None:
    """Make `infer_shape_by_meta` the shape inference of ops that declare none."""
    DEFAULT_INFER_SHAPE[:] = [infer_shape_by_meta]
