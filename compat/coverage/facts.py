"""Registry facts per op type: legacy kernels, PHI kernels, mapping, InferMeta, ops.yaml.

Only the project's op library counts: operators defined under ``legacy_fluid``
and PHI kernels defined under ``phi`` (ops registered by test modules in the
same process are left out, so a report does not depend on what else ran).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from compat.arg_mapping import (
    base_kernel_names,
    default_kernel_signature,
    get_kernel_signature,
    kernel_choices,
    mapping_fn,
    phi_kernel_name,
)
from compat.arg_mapping_context import ProtoArgumentMappingContext
from legacy_fluid.framework.op_kernel import OP_KERNELS
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import OP_INFOS, OpInfo
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.program_desc import OpDesc
from phi.common import DataLayout
from phi.core.infermeta_utils import INFER_METAS
from phi.core.kernel_factory import KERNELS, Kernel
from phi.core.kernel_key import KernelKey
from phi.op_defs import op_def_of_kernel

LIBRARY_PACKAGES = ("legacy_fluid.", "phi.")

def family_of(op_type: str, module: str | None) -> str:
    """An op type's family: the census's (Paddle's op types, data in
    compat/coverage/census.json), a grad op's that of its forward op; else the stem of the
    module defining it (one stem per op family across every layer)."""
    families = _census_families()
    forward = re.sub(r"(_grad)+$", "", op_type)
    for key in (op_type, forward):
        if key in families:
            return families[key]
    if module is None:
        return forward
    stem = module.rsplit(".", 1)[-1]
    for suffix in ("_kernel_impl", "_kernel", "_op"):
        if stem.endswith(suffix) and len(stem) > len(suffix):
            return stem[: -len(suffix)]
    return stem


@functools.cache
def _census_families() -> dict[str, str]:
    from compat.coverage.census import CensusError, load_census

    try:
        return {op.op_type: op.family for op in load_census().ops}
    except CensusError:
        return {}


def in_library(module: str) -> bool:
    return module.startswith(LIBRARY_PACKAGES)


def legacy_key_dict(key: OpKernelType, cls: type) -> dict[str, str]:
    layout = "ANY_LAYOUT" if key.data_layout is DataLayout.ANY else key.data_layout.name
    return {"place": "CPU" if key.place.is_cpu else "GPU", "dtype": str(key.data_type),
            "layout": layout, "library": str(key.library_type), "kernel": cls.__qualname__}


def phi_key_dict(key: KernelKey, kernel: Kernel) -> dict[str, str]:
    return {"name": kernel.name, **key.as_dict(), "function": kernel.qualname}


def device_of_backend(backend: str) -> str:
    """'cpu' or 'gpu' (the parity device a backend's kernels are verified on)."""
    return "gpu" if backend in ("GPU", "GPUDNN", "KPS") else "cpu"


@dataclass
class OpFacts:
    """What the registries say about one op type (a legacy type, or a PHI-only kernel name)."""

    op_type: str
    family: str
    operator: str  # "kernel" (OperatorWithKernel) | "framework" (runs itself) | "none"
    phi_name: str
    legacy_kernels: list[tuple[OpKernelType, type]] = field(default_factory=list)
    phi_kernels: list[tuple[KernelKey, Kernel]] = field(default_factory=list)
    #: other PHI kernel names the op's mapping function can choose (``relu6_raw``)
    phi_variants: list[str] = field(default_factory=list)
    mapping_kind: str = "none"
    mapping_function: str | None = None
    signature: str | None = None
    infer_meta: str | None = None
    ops_yaml: str | None = None
    module: str | None = None

    @property
    def forms(self) -> str:
        """'both' | 'legacy-only' | 'phi-only' | 'framework' | 'no-kernels' | 'missing'."""
        legacy, phi = bool(self.legacy_kernels), bool(self.phi_kernels)
        if legacy and phi:
            return "both"
        if legacy:
            return "legacy-only"
        if phi:
            return "phi-only"
        return {"framework": "framework", "kernel": "no-kernels"}.get(self.operator, "missing")

    def twin_of(self, key: OpKernelType) -> Kernel | None:
        """The PHI kernel selection would use for legacy kernel type `key`, if any.

        The main kernel name first, then the variants the mapping can choose.
        """
        if not self.phi_kernels:
            return None
        factory = KERNELS
        for name in (self.phi_name, *self.phi_variants):
            kernel = factory.select(name, key.to_kernel_key())
            if kernel is not None and in_library(kernel.fn.__module__):
                return kernel
        return None

    def cpu_common_dtypes(self, device: str = "cpu") -> list[str]:
        """Dtypes with a legacy kernel on `device` that has a PHI twin (sorted by name)."""
        out = set()
        for key, _ in self.legacy_kernels:
            if ("cpu" if key.place.is_cpu else "gpu") == device and self.twin_of(key) is not None:
                out.add(str(key.data_type))
        return sorted(out)


def _yaml_entry_name(phi_name: str) -> str | None:
    """The ops.yaml entry (op name) that declares PHI kernel `phi_name`, if any."""
    op = op_def_of_kernel(phi_name)
    return op.name if op is not None else None


def _qualname(fn: Any) -> str:
    inner = getattr(fn, "__wrapped__", fn)
    return f"{inner.__module__}.{getattr(fn, '__qualname__', inner.__qualname__)}"


def _signature_text(info: OpInfo | None, kind: str) -> str | None:
    """The kernel signature the mapping yields for a desc with every non-dispensable slot set."""
    if info is None or kind == "none":
        return None
    proto = info.proto
    if kind == "default":
        return str(default_kernel_signature(proto))
    desc = OpDesc(proto.type,
                  {v.name: [f"{v.name}@0"] for v in proto.inputs if not v.dispensable},
                  {v.name: [f"{v.name}@out0"] for v in proto.outputs})
    try:
        ctx = ProtoArgumentMappingContext(desc, None, proto.defaults())
        return str(get_kernel_signature(proto, ctx))
    except Exception as exc:  # a mapping that needs runtime facts
        return f"(needs a real op: {type(exc).__name__})"


def collect_facts(extra_op_types: Iterable[str] = ()) -> dict[str, OpFacts]:
    """Facts for every library op type, every library PHI kernel, and `extra_op_types`."""
    infos = OP_INFOS
    legacy = OP_KERNELS
    factory = KERNELS
    metas = INFER_METAS

    op_types: set[str] = set(extra_op_types)
    for t in infos.op_types():
        if in_library(infos.info(t).op_class.__module__):
            op_types.add(t)
    for t in legacy.op_types():
        if any(in_library(cls.__module__) for cls in legacy.kernels_of(t).values()):
            op_types.add(t)
    phi_library = {n for n in factory.names()
                   if any(in_library(k.fn.__module__) for k in factory.kernels_of(n).values())}
    variants: dict[str, list[str]] = {}
    for t in op_types:
        if mapping_fn(t) is not None:
            names = {name for name, _ in kernel_choices(t)} & phi_library
            variants[t] = sorted(names - {phi_kernel_name(t)})
    reached = {phi_kernel_name(t) for t in op_types} | {n for v in variants.values() for n in v}
    # PHI kernels no legacy op type reaches get their own row, named by the kernel.
    reverse = {v: k for k, v in base_kernel_names().items()}
    for name in phi_library - reached:
        op_types.add(reverse.get(name, name))

    facts: dict[str, OpFacts] = {}
    for t in sorted(op_types):
        info = infos.get(t)
        if info is not None and not in_library(info.op_class.__module__):
            info = None
        phi_name = phi_kernel_name(t)
        lk = [(k, c) for k, c in legacy.kernels_of(t).items() if in_library(c.__module__)]
        pk = [(k, kern) for name in (phi_name, *variants.get(t, []))
              for k, kern in factory.kernels_of(name).items() if in_library(kern.fn.__module__)]
        if info is not None:
            operator = "kernel" if issubclass(info.op_class, OperatorWithKernel) else "framework"
            module = info.op_class.__module__
        else:
            operator = "none"
            module = pk[0][1].fn.__module__ if pk else (lk[0][1].__module__ if lk else None)
        fn = mapping_fn(t)
        if fn is not None:
            kind = "custom"
        elif pk and info is not None:
            kind = "default"
        else:
            kind = "none"
        meta = metas.get(phi_name) if pk else None
        facts[t] = OpFacts(
            op_type=t,
            family=family_of(t, module),
            operator=operator,
            phi_name=phi_name,
            legacy_kernels=sorted(lk, key=lambda kc: _legacy_sort(kc[0])),
            phi_kernels=sorted(pk, key=lambda kk: (kk[1].name != phi_name, kk[1].name,
                                                   str(kk[0].backend), str(kk[0].layout),
                                                   str(kk[0].dtype))),
            phi_variants=variants.get(t, []),
            mapping_kind=kind,
            mapping_function=_qualname(fn) if fn is not None else None,
            signature=_signature_text(info, kind),
            infer_meta=meta.qualname if meta is not None else None,
            ops_yaml=_yaml_entry_name(phi_name),
            module=module,
        )
    return facts


def _legacy_sort(key: OpKernelType) -> tuple[str, ...]:
    return ("CPU" if key.place.is_cpu else "GPU", str(key.data_type), str(key.data_layout),
            str(key.library_type))
