"""Every piece of one op, with the file that holds it (`fluidphi kernels OP`).

For a legacy op type or a PHI kernel name: the legacy proto maker, operator and
class kernels; the PHI kernels the op can run (`_raw` variants included) with
when each is chosen; their InferMeta; the argument mapping (custom or default) with
the phi/op_compat.yaml entry that relates the op to PHI; and the phi/ops.yaml entry.
"""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any

from compat.arg_mapping import (
    ARG_MAPPINGS,
    base_kernel_names,
    default_kernel_signature,
    kernel_choices,
    phi_kernel_name,
)
from legacy_fluid.framework.op_kernel import OP_KERNELS
from legacy_fluid.framework.op_registry import OP_INFOS
from phi.core.infermeta_utils import INFER_METAS
from phi.core.kernel_factory import KERNELS
from phi.op_defs import OPS_YAML, op_compat_of, op_def_of_kernel

ROOT = Path(__file__).resolve().parent.parent


def where(obj: Any) -> str:
    """`path:line` of a function or class, relative to the project root when inside it."""
    target = inspect.unwrap(obj)
    try:
        path = Path(inspect.getsourcefile(target) or "?")
        line = inspect.getsourcelines(target)[1]
    except (OSError, TypeError):
        return "?"
    try:
        shown = path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        shown = str(path)
    return f"{shown}:{line}"


def _qualname(obj: Any) -> str:
    return f"{obj.__module__}.{obj.__qualname__}"


def _keys_text(by_place: dict[str, list[str]]) -> str:
    """`CPU: float32, float64; GPU: float32`."""
    return "; ".join(f"{p}: {', '.join(d)}" for p, d in by_place.items())


def _yaml_where(op_name: str) -> str:
    lines = OPS_YAML.read_text(encoding="utf-8").splitlines()
    line = next((i + 1 for i, text in enumerate(lines) if text == f"- op : {op_name}"), 0)
    rel = OPS_YAML.relative_to(ROOT).as_posix()
    return f"{rel}:{line}" if line else rel


def op_types_for(name: str) -> list[str]:
    """Legacy op types `name` names: itself, or those that can run PHI kernel `name`."""
    if name in OP_INFOS or OP_KERNELS.has(name):
        return [name]
    candidates = {*OP_INFOS.keys(), *base_kernel_names()}
    return sorted(t for t in candidates if any(k == name for k, _ in kernel_choices(t)))


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
        "maker": _qualname(info.maker) if info else None,
        "maker_file": where(info.maker) if info else None,
        "kernels": [{"class": _qualname(cls), "file": where(cls), "keys": _keys_text(keys)}
                    for cls, keys in classes.items()],
    }


def _phi(op_type: str | None, name: str, when: str) -> dict[str, Any]:
    kernels = KERNELS.kernels_of(name)
    by_fn: dict[Any, dict[str, list[str]]] = {}
    for key, kernel in kernels.items():
        by_fn.setdefault(kernel.fn, {}).setdefault(str(key.backend), []).append(str(key.dtype))
    binding = INFER_METAS.get(name)
    op_def = op_def_of_kernel(name)
    return {
        "kernel": name,
        "for_op": op_type,
        "chosen_when": when,
        "functions": [{"function": _qualname(fn), "file": where(fn), "keys": _keys_text(keys)}
                      for fn, keys in by_fn.items()],
        "infer_meta": binding.qualname if binding else None,
        "infer_meta_file": where(binding.fn) if binding else None,
        "ops_yaml": op_def.name if op_def else None,
        "ops_yaml_file": _yaml_where(op_def.name) if op_def else None,
    }


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
    """The five pieces of `name` (a legacy op type or a PHI kernel name)."""
    op_types = op_types_for(name)
    phi = []
    for op_type in op_types:
        for kernel, when in kernel_choices(op_type):
            if KERNELS.has_kernel(kernel):
                phi.append(_phi(op_type, kernel, when))
    if not op_types and KERNELS.has_kernel(name):
        phi.append(_phi(None, name, "no legacy op type runs it"))
    return {
        "query": name,
        "phi_name": phi_kernel_name(op_types[0]) if op_types else name,
        "legacy": [_legacy(t) for t in op_types],
        "phi": phi,
        "mapping": [_mapping(t) for t in op_types],
    }
