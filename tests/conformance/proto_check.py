"""fluidphi's legacy op protos against Paddle's, as `export_common.proto_entry` records them.

Paddle 3.x keeps most framework switches (`use_mkldnn`, `use_cudnn`, ...) out of the
OpProto and knows them as "runtime extra attrs"; fluidphi declares them in the proto
with `extra=True`. So: inputs, outputs and the op's own attributes compare in order
(names, flags, types, defaults); fluidphi's extra attributes compare, as a set with
defaults, against Paddle's extra proto attributes plus its runtime extra attributes.
"""

from __future__ import annotations

import math
from typing import Any

from legacy_fluid.framework.op_proto import OpProto
from tests.conformance.op_cases.spec import FRAMEWORK_ATTRS

NO_DEFAULT = "<none registered>"
_SLOT_FLAGS = ("duplicable", "dispensable", "extra", "quant")


def _same_value(ours: Any, theirs: Any) -> bool:
    if isinstance(theirs, str) and theirs in ("inf", "-inf", "nan"):  # jsonable's spelling
        theirs = float(theirs)
    if isinstance(theirs, float) and not isinstance(ours, bool):
        return (math.isnan(theirs) and math.isnan(ours)) or math.isclose(
            float(ours), theirs, rel_tol=1e-6, abs_tol=1e-12)
    if isinstance(theirs, list):
        return isinstance(ours, (list, tuple)) and len(ours) == len(theirs) and all(
            _same_value(a, b) for a, b in zip(ours, theirs))
    return type(ours) is type(theirs) and ours == theirs


def slot_problems(mine: OpProto, ref: dict[str, Any], *, strict: bool) -> list[str]:
    """Slot names (in order when `strict`) and their flags."""
    problems = []
    for kind in ("inputs", "outputs"):
        theirs = {v["name"]: v for v in ref[kind]}
        ours = {v.name: v for v in getattr(mine, kind)}
        if (list(ours) != list(theirs)) if strict else (ours.keys() != theirs.keys()):
            problems.append(f"{kind} {list(ours)} != Paddle's {list(theirs)}")
        for name in ours.keys() & theirs.keys():
            for flag in _SLOT_FLAGS:
                if getattr(ours[name], flag) != theirs[name][flag]:
                    problems.append(f"{kind[:-1]} {name}: {flag}={getattr(ours[name], flag)}, "
                                    f"Paddle's {theirs[name][flag]}")
    return problems


def attr_problems(mine: OpProto, ref: dict[str, Any], *, strict: bool) -> list[str]:
    """The op's own attributes (in order when `strict`); the extras as a set (a subset of
    Paddle's unless `strict`)."""
    problems = []
    theirs = [a for a in ref["attrs"] if a["name"] not in FRAMEWORK_ATTRS and not a["extra"]]
    ours = [a for a in mine.attrs if not a.generated and not a.extra]
    names, their_names = [a.name for a in ours], [a["name"] for a in theirs]
    if (names != their_names) if strict else (set(names) != set(their_names)):
        problems.append(f"attrs {names} != Paddle's {their_names}")
    by_name = {t["name"]: t for t in theirs}
    for a in ours:
        t = by_name.get(a.name)
        if t is None:
            continue
        if a.type.name != t["type"]:
            problems.append(f"attr {a.name}: type {a.type.name}, Paddle's {t['type']}")
        if t["default"] != NO_DEFAULT and not _same_value(a.default, t["default"]):
            problems.append(f"attr {a.name}: default {a.default!r}, Paddle's {t['default']!r}")
        if a.quant != t["quant"]:
            problems.append(f"attr {a.name}: quant={a.quant}, Paddle's {t['quant']}")
    their_extras = {a["name"]: a["default"] for a in ref["attrs"]
                    if a["extra"] and a["name"] not in FRAMEWORK_ATTRS}
    their_extras.update(ref["runtime_extra_attrs"])
    our_extras = {a.name: a.default for a in mine.attrs if a.extra and not a.generated}
    unknown = sorted(our_extras.keys() - their_extras.keys())
    if unknown:
        problems.append(f"extra attrs Paddle does not know: {unknown}")
    missing = sorted(their_extras.keys() - our_extras.keys())
    if strict and missing:
        problems.append(f"extra attrs missing: {missing}")
    for name in our_extras.keys() & their_extras.keys():
        if their_extras[name] != NO_DEFAULT and not _same_value(our_extras[name],
                                                                their_extras[name]):
            problems.append(f"extra attr {name}: default {our_extras[name]!r}, "
                            f"Paddle's {their_extras[name]!r}")
    return problems


def proto_problems(mine: OpProto, ref: dict[str, Any], *, strict: bool = True) -> list[str]:
    """Every difference between our proto and Paddle's recorded one (empty: they agree).

    Not `strict` (for ops written before these checks): slot and attribute order may
    differ and fluidphi may lack some of Paddle's extra attributes."""
    if not ref.get("registered", True):
        return ["Paddle has no such op"]
    return slot_problems(mine, ref, strict=strict) + attr_problems(mine, ref, strict=strict)
