"""Every piece of one op, with the file and line that holds it (`fluidphi kernels OP`).

For a legacy op type or a PHI kernel name: the legacy proto maker, operator and
class kernels; the PHI kernels the op can run (`_raw` variants included) with
when each is chosen; their InferMeta; the shared `phi/kernels/funcs` code they call; the
phi/ops.yaml entry and its phi/backward.yaml entry; the argument mapping (custom or
default) with the phi/op_compat.yaml entry that relates the op to PHI; the grad op
(legacy operator and kernels) and the PHI grad kernels; the generated `phi.api`
function; and, in a source checkout, the op's conformance cases and Paddle fixtures.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from compat.arg_mapping import (
    ARG_MAPPINGS,
    base_kernel_names,
    default_kernel_signature,
    kernel_choices,
    phi_kernel_name,
)
from compat.op_pieces_sources import api_function, case_sources, funcs_used
from compat.op_pieces_sources import source_line as where
from legacy_fluid.framework.op_kernel import OP_KERNELS
from legacy_fluid.framework.op_registry import OP_INFOS, OpInfo
from phi.core.infermeta_utils import INFER_METAS
from phi.core.kernel_factory import KERNELS
from phi.op_defs import OPS_YAML, OpDef, op_compat_of, op_def, op_def_of_kernel

ROOT = Path(__file__).resolve().parent.parent


def _qualname(obj: Any) -> str:
    return f"{obj.__module__}.{obj.__qualname__}"


def _keys_text(by_place: dict[str, list[str]]) -> str:
    """`CPU: float32, float64; GPU: float32`."""
    return "; ".join(f"{p}: {', '.join(d)}" for p, d in by_place.items())


def _yaml_where(entry: OpDef) -> str:
    """`phi/ops.yaml:540` or `phi/backward.yaml:12`: where the entry was read."""
    rel = OPS_YAML.with_name(entry.file).relative_to(ROOT).as_posix()
    return f"{rel}:{entry.line}" if entry.line else rel


def _backward_of(entry: OpDef | None) -> OpDef | None:
    if entry is None or entry.backward is None:
        return None
    try:
        return op_def(entry.backward)
    except KeyError:
        return None


def op_types_for(name: str) -> list[str]:
    """Legacy op types `name` names: itself, or those that can run PHI kernel `name`."""
    if name in OP_INFOS or OP_KERNELS.has(name):
        return [name]
    candidates = {*OP_INFOS.keys(), *base_kernel_names()}
    return sorted(t for t in candidates if any(k == name for k, _ in kernel_choices(t)))


def _maker(info: OpInfo) -> str:
    """The maker class, or what a plain op's proto is derived from."""
    if info.maker is not None:
        return _qualname(info.maker)
    return "derived from ops.yaml + op_compat.yaml"


def _maker_file(info: OpInfo) -> str | None:
    if info.maker is not None:
        return where(info.maker)
    entry = op_compat_of(info.type)
    phi_name = info.type if entry is None else next(
        n.phi for n in (entry.names, *entry.backward) if n.legacy == info.type)
    return _yaml_where(op_def(phi_name))


def _legacy(op_type: str) -> dict[str, Any]:
    info = OP_INFOS.get(op_type)
    classes: dict[type, dict[str, list[str]]] = {}
    for key, cls in OP_KERNELS.kernels_of(op_type).items():
        place = key.place.kind.upper()
        classes.setdefault(cls, {}).setdefault(place, []).append(str(key.data_type))
    return {
        "op_type": op_type,
        "operator": _qualname(info.op_class) if info else None,
        "operator_file": where(info.op_class) if info else None,
        "maker": _maker(info) if info else None,
        "maker_file": _maker_file(info) if info else None,
        "kernels": [{"class": _qualname(cls), "file": where(cls), "keys": _keys_text(keys)}
                    for cls, keys in classes.items()],
    }


def _phi(op_type: str | None, name: str, when: str) -> dict[str, Any]:
    kernels = KERNELS.kernels_of(name)
    by_fn: dict[Any, dict[str, list[str]]] = {}
    for key, kernel in kernels.items():
        by_fn.setdefault(kernel.fn, {}).setdefault(str(key.backend), []).append(str(key.dtype))
    binding = INFER_METAS.get(name)
    entry = op_def_of_kernel(name)
    backward = _backward_of(entry)
    return {
        "kernel": name,
        "for_op": op_type,
        "chosen_when": when,
        "functions": [{"function": _qualname(fn), "file": where(fn), "keys": _keys_text(keys)}
                      for fn, keys in by_fn.items()],
        "funcs": funcs_used(list(by_fn)),
        "infer_meta": binding.qualname if binding else None,
        "infer_meta_file": where(binding.fn) if binding else None,
        "ops_yaml": entry.name if entry else None,
        "ops_yaml_file": _yaml_where(entry) if entry else None,
        "yaml": entry.file if entry else "ops.yaml",
        "backward_yaml": backward.name if backward else None,
        "backward_yaml_file": _yaml_where(backward) if backward else None,
        "api": api_function(entry.name if entry else name),
    }


def _grad_kernels(phi: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The PHI kernels of each forward kernel's backward.yaml entry."""
    found, seen = [], set()
    for p in phi:
        name = p["backward_yaml"]
        if name is None:
            continue
        for kernel in (name, *op_def(name).kernel.func):
            if kernel not in seen and KERNELS.has_kernel(kernel):
                seen.add(kernel)
                found.append(_phi(None, kernel, f"the backward of {p['kernel']}"))
    return found


def _grad_op_types(op_types: list[str]) -> list[str]:
    """The registered grad op types of `op_types` (`X_grad`, then `X_grad_grad`, ...)."""
    found = []
    for op_type in op_types:
        grad = f"{op_type}_grad"
        while grad in OP_INFOS or OP_KERNELS.has(grad):
            found.append(grad)
            grad = f"{grad}_grad"
    return found


def _mapping(op_type: str) -> dict[str, Any]:
    """The mapping function (custom) or the default mapping's signature, and the
    op_compat.yaml entry (`file:line`) relating the op to PHI, when it has one."""
    entry = op_compat_of(op_type)
    compat = str(entry.source) if entry is not None else None
    mapping = ARG_MAPPINGS.get(op_type)
    if mapping is not None:
        return {"op_type": op_type, "kind": "custom", "function": _qualname(mapping.fn),
                "file": where(mapping.fn), "op_compat_file": compat}
    info = OP_INFOS.get(op_type)
    signature = str(default_kernel_signature(info.proto)) if info else None
    file = (f"{compat} (the proto in order, this entry applied)" if compat
            else "compat/arg_mapping.py (default_slots: the proto in order)")
    return {"op_type": op_type, "kind": "default", "function": None, "file": file,
            "signature": signature, "op_compat_file": compat}


def op_pieces(name: str) -> dict[str, Any]:
    """Every piece of `name` (a legacy op type or a PHI kernel name)."""
    op_types = op_types_for(name)
    phi = []
    for op_type in op_types:
        for kernel, when in kernel_choices(op_type):
            if KERNELS.has_kernel(kernel):
                phi.append(_phi(op_type, kernel, when))
    if not op_types and KERNELS.has_kernel(name):
        phi.append(_phi(None, name, "no legacy op type runs it"))
    grad_types = [t for t in _grad_op_types(op_types) if t not in op_types]
    return {
        "query": name,
        "phi_name": phi_kernel_name(op_types[0]) if op_types else name,
        "legacy": [_legacy(t) for t in op_types],
        "phi": phi,
        "mapping": [_mapping(t) for t in op_types],
        "grad_legacy": [_legacy(t) for t in grad_types],
        "grad_phi": _grad_kernels(phi),
        "cases": case_sources(op_types or [name]),
    }
