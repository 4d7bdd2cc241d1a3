"""Argument-mapping registry: per-op mapping functions, the default mapping, op name map.

The legacy <-> PHI relation is written in phi/op_compat.yaml (`phi.op_defs.op_compat_of`):
PHI names of legacy ops and grad ops, tensors feeding Scalar / IntArray attributes, extra
slots no kernel takes, and which ops have a hand-written mapping (`manual_signature`, a
function of compat/ops registered with `register_arg_mapping`). The default mapping is the
op proto in order with that entry applied.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature
from legacy_fluid.framework.op_proto import OpProto
from phi.core.registry import Registry
from phi.op_defs import OpCompatDef, op_compat_defs, op_compat_of

ArgumentMappingFn = Callable[[ArgumentMappingContext], KernelSignature]

#: Legacy op type -> PHI kernel base name registered at run time (migrated code); the
#: project's own are op_compat.yaml's `op : phi (legacy)` / `backward` names.
BASE_KERNEL_NAMES: Registry[str, str] = Registry("base kernel name of op",
                                                 loaders=("compat.ops",))
@dataclass(frozen=True)
class ArgMapping:
    """An op's mapping function and, for each PHI kernel it can pick, when it picks it."""

    fn: ArgumentMappingFn
    chooses: tuple[tuple[str, str], ...] | None = None  # None: the base kernel, always


#: Legacy op type -> its argument mapping (when the default mapping does not fit).
ARG_MAPPINGS: Registry[str, ArgMapping] = Registry("argument mapping for op",
                                                   loaders=("compat.ops",),
                                                   identity=lambda m: m.fn)


def register_base_kernel_name(op_type: str, phi_name: str) -> None:
    """fluid's PD_REGISTER_BASE_KERNEL_NAME: `op_type` runs PHI kernels named `phi_name`."""
    BASE_KERNEL_NAMES.add(op_type, phi_name)


def register_arg_mapping(op_type: str, *, chooses: Mapping[str, str] | None = None
                         ) -> Callable[[ArgumentMappingFn], ArgumentMappingFn]:
    """Decorator: the mapping function for legacy op `op_type`.

    `chooses` names every PHI kernel the function can return with when it does
    (`{"add": "axis == -1", "add_raw": "axis != -1"}`); without it the function
    always returns the op's base kernel name.
    """

    def decorate(fn: ArgumentMappingFn) -> ArgumentMappingFn:
        ARG_MAPPINGS.add(op_type, ArgMapping(fn, None if chooses is None
                                             else tuple(chooses.items())))
        return fn

    return decorate


def _yaml_phi_name(op_type: str) -> str | None:
    entry = op_compat_of(op_type)
    if entry is None:
        return None
    return next(n.phi for n in (entry.names, *entry.backward) if n.legacy == op_type)


def phi_kernel_name(op_type: str) -> str:
    return BASE_KERNEL_NAMES.get(op_type) or _yaml_phi_name(op_type) or op_type


def base_kernel_names() -> dict[str, str]:
    """Legacy op type -> PHI kernel base name wherever they differ (yaml and run time)."""
    names = {n.legacy: n.phi for entry in op_compat_defs()
             for n in (entry.names, *entry.backward) if n.renamed}
    names.update(BASE_KERNEL_NAMES.items())
    return names


def mapping_fn(op_type: str) -> ArgumentMappingFn | None:
    mapping = ARG_MAPPINGS.get(op_type)
    return None if mapping is None else mapping.fn


def kernel_choices(op_type: str) -> tuple[tuple[str, str], ...]:
    """(PHI kernel name, when it is chosen) for every kernel `op_type` can run."""
    mapping = ARG_MAPPINGS.get(op_type)
    if mapping is None:
        return ((phi_kernel_name(op_type), "always (default mapping)"),)
    return mapping.chooses or ((phi_kernel_name(op_type), "always"),)


def mapped_op_types() -> list[str]:
    return sorted(ARG_MAPPINGS.keys())


def default_slots(proto: Any) -> tuple[list[str], list[str], list[str]]:
    """The default mapping: the proto's inputs, attributes and outputs in order, without
    extra and quant ones (nor the attributes the framework adds to every op).

    `proto` is anything with OpProto's `inputs`/`attrs`/`outputs` (the codemod passes
    the proto it reads from source), so compat and the codemod share this one rule.
    """
    return ([v.name for v in proto.inputs if not (v.extra or v.quant)],
            [a.name for a in proto.attrs
             if not (a.extra or a.quant or getattr(a, "generated", False))],
            [v.name for v in proto.outputs if not (v.extra or v.quant)])


def _fed_attr(entry: OpCompatDef, attr: str, ctx: ArgumentMappingContext | None) -> str:
    """The tensor slot feeding `attr` in this op (a tensor before a list of tensors), else
    the attribute itself; without a context, the attribute."""
    spec = entry.tensor_attr(attr)
    if spec is None or ctx is None:
        return attr
    if spec.tensor_name and ctx.has_input(spec.tensor_name):
        return spec.tensor_name
    if spec.tensors_name and ctx.input_size(spec.tensors_name) > 0:
        return spec.tensors_name
    return attr


def default_kernel_signature(proto: OpProto, ctx: ArgumentMappingContext | None = None
                             ) -> KernelSignature:
    """The op proto in order, skipping extra and quant inputs/attributes/outputs, with the
    op's op_compat.yaml entry applied: its extra slots and `legacy_attrs` left out, and an
    attribute a fed tensor carries (`scalar` / `int_array`) replaced by that tensor's slot.
    An op of the entry's `manual_signature` is described by its function, not by these
    rules: without one (a scoped registry, as the codemod's verification uses) it gets the
    proto in order."""
    inputs, attrs, outputs = default_slots(proto)
    entry = op_compat_of(proto.type)
    if entry is not None and proto.type not in entry.manual_signature:
        fed = {slot for spec in entry.tensor_attrs for slot in spec.tensor_slots}
        inputs = [i for i in inputs if i not in fed and i not in entry.extra.inputs]
        attrs = [_fed_attr(entry, a, ctx) for a in attrs if a not in entry.unmapped_attr_names]
        outputs = [o for o in outputs if o not in entry.extra.outputs]
    return KernelSignature(phi_kernel_name(proto.type), inputs, attrs, outputs)


def get_kernel_signature(proto: OpProto, ctx: ArgumentMappingContext) -> KernelSignature:
    """The op's own mapping function if registered, else the default mapping."""
    fn = mapping_fn(proto.type)
    return fn(ctx) if fn is not None else default_kernel_signature(proto, ctx)


def mapping_kind(op_type: str) -> str:
    """'custom' (a registered function) or 'default' (derived from the proto)."""
    return "custom" if mapping_fn(op_type) is not None else "default"
