"""Argument-mapping registry: per-op mapping functions, the default mapping, op name map."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable

from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature
from legacy_fluid.framework.op_proto import OpProto

ArgumentMappingFn = Callable[[ArgumentMappingContext], KernelSignature]

#: Legacy op type -> PHI kernel base name, where they differ.
OP_NAME_MAP: dict[str, str] = {}

_MAPPING_FNS: dict[str, ArgumentMappingFn] = {}
_LOADED = False


def register_base_kernel_name(op_type: str, phi_name: str) -> None:
    """fluid's PD_REGISTER_BASE_KERNEL_NAME: `op_type` runs PHI kernels named `phi_name`."""
    old = OP_NAME_MAP.get(op_type)
    if old is not None and old != phi_name:
        raise ValueError(f"op '{op_type}' already maps to PHI '{old}', not '{phi_name}'")
    OP_NAME_MAP[op_type] = phi_name


def register_arg_mapping(op_type: str) -> Callable[[ArgumentMappingFn], ArgumentMappingFn]:
    """Decorator: the mapping function for legacy op `op_type`."""

    def decorate(fn: ArgumentMappingFn) -> ArgumentMappingFn:
        if op_type in _MAPPING_FNS and _MAPPING_FNS[op_type] is not fn:
            raise ValueError(f"argument mapping for op '{op_type}' registered twice")
        _MAPPING_FNS[op_type] = fn
        return fn

    return decorate


def _load() -> None:
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    import compat.ops as ops_pkg

    for mod in sorted(pkgutil.iter_modules(ops_pkg.__path__), key=lambda m: m.name):
        importlib.import_module(f"{ops_pkg.__name__}.{mod.name}")


def phi_kernel_name(op_type: str) -> str:
    _load()
    return OP_NAME_MAP.get(op_type, op_type)


def mapping_fn(op_type: str) -> ArgumentMappingFn | None:
    _load()
    return _MAPPING_FNS.get(op_type)


def mapped_op_types() -> list[str]:
    _load()
    return sorted(_MAPPING_FNS)


def default_kernel_signature(proto: OpProto) -> KernelSignature:
    """The op proto in order, skipping extra and quant inputs/attributes/outputs."""
    return KernelSignature(
        phi_kernel_name(proto.type),
        [v.name for v in proto.inputs if not (v.extra or v.quant)],
        [a.name for a in proto.attrs if not (a.extra or a.quant or a.generated)],
        [v.name for v in proto.outputs if not (v.extra or v.quant)],
    )


def get_kernel_signature(proto: OpProto, ctx: ArgumentMappingContext) -> KernelSignature:
    """The op's own mapping function if registered, else the default mapping."""
    fn = mapping_fn(proto.type)
    return fn(ctx) if fn is not None else default_kernel_signature(proto)


def mapping_kind(op_type: str) -> str:
    """'custom' (a registered function) or 'default' (derived from the proto)."""
    return "custom" if mapping_fn(op_type) is not None else "default"
