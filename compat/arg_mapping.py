"""Argument-mapping registry: per-op mapping functions, the default mapping, op name map."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature
from legacy_fluid.framework.op_proto import OpProto
from phi.core.registry import Registry

ArgumentMappingFn = Callable[[ArgumentMappingContext], KernelSignature]

#: Legacy op type -> PHI kernel base name, where they differ (fluid's base kernel names).
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


def phi_kernel_name(op_type: str) -> str:
    return BASE_KERNEL_NAMES.get(op_type) or op_type


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


def default_kernel_signature(proto: OpProto) -> KernelSignature:
    """The op proto in order, skipping extra and quant inputs/attributes/outputs."""
    return KernelSignature(phi_kernel_name(proto.type), *default_slots(proto))


def get_kernel_signature(proto: OpProto, ctx: ArgumentMappingContext) -> KernelSignature:
    """The op's own mapping function if registered, else the default mapping."""
    fn = mapping_fn(proto.type)
    return fn(ctx) if fn is not None else default_kernel_signature(proto)


def mapping_kind(op_type: str) -> str:
    """'custom' (a registered function) or 'default' (derived from the proto)."""
    return "custom" if mapping_fn(op_type) is not None else "default"
