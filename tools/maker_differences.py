"""Why an op keeps its maker: the first difference between its maker's proto and the yaml's.

    python tools/maker_differences.py [--kind KIND] [OP ...]

For every registered legacy op that still has a maker (`register_operator(op, OpClass,
Maker)`), the proto phi/ops.yaml + phi/op_compat.yaml derive for it is built from the
op_compat entry `tools/plain_op_converter.py` would write (the entry as it is, extended
with the maker's trailing extras and the renames it needs) and compared with the maker's,
slot by slot: inputs, outputs, then attributes. One line per op names the first difference
and its kind; a count per kind follows. An op the converter cannot rewrite (registered in
a loop or by a helper, or kept in the fluid style as the codemod's corpus) is counted
under its proto difference when it has one, else under its registration. `--kind` shows
the ops of one kind only.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from plain_op_converter import (  # noqa: E402
    CORPUS,
    OPERATORS,
    SHARED,
    candidate,
    literal_registrations,
    plan,
)

_VAR_FLAGS = ("duplicable", "dispensable", "extra", "quant")
_ATTR_FIELDS = ("type", "default", "extra", "quant")


def _slot_difference(role: str, made: list[Any], derived: list[Any],
                     fields: tuple[str, ...]) -> tuple[str, str] | None:
    """(kind, detail) of the first difference between two slot lists of one role."""
    made_names = [s.name for s in made]
    derived_names = [s.name for s in derived]
    for name in made_names:
        if name not in derived_names:
            side = "extra " if getattr(next(s for s in made if s.name == name), "extra",
                                       False) else ""
            return f"{role} only in the maker", f"{side}{role} {name}"
    for name in derived_names:
        if name not in made_names:
            return f"{role} only in the yaml", f"{role} {name}"
    if made_names != derived_names:
        return f"{role} order", f"maker {made_names} / yaml {derived_names}"
    for ours, theirs in zip(made, derived, strict=True):
        for field in fields:
            if getattr(ours, field) != getattr(theirs, field):
                detail = (f"{role} {ours.name}: maker {getattr(ours, field)!r} / yaml "
                          f"{getattr(theirs, field)!r}")
                if field == "default" and type(ours.default) is not type(theirs.default):
                    return f"{role} default type", detail
                return f"{role} {field}", detail
    return None


def first_difference(op_type: str, info: Any) -> tuple[str, str] | None:
    """(kind, detail) of why `op_type`'s maker builds another proto than the yaml, or None
    when the entry the converter would write gives the maker's proto."""
    from legacy_fluid.framework.derived_proto import proto_of

    found = candidate(op_type, info)
    if found.phi is None:
        kind = "no ops.yaml entry" if "registers no maker" in found.refused else \
            "derivation error"
        return kind, found.refused
    derived = proto_of(op_type, found.phi, found.entry)
    made = info.proto
    for role, ours, theirs, fields in (
            ("input", made.inputs, derived.inputs, _VAR_FLAGS),
            ("output", made.outputs, derived.outputs, _VAR_FLAGS),
            ("attr", [a for a in made.attrs if not a.generated],
             [a for a in derived.attrs if not a.generated], _ATTR_FIELDS),
            ("generated attr", [a for a in made.attrs if a.generated],
             [a for a in derived.attrs if a.generated], _ATTR_FIELDS)):
        diff = _slot_difference(role, list(ours), list(theirs), fields)
        if diff is not None and found.refused == SHARED:
            return diff[0], f"{diff[1]} (its op_compat entry is shared with its grad / forward ops)"
        if diff is not None:
            return diff
    if found.refused:
        return "entry not rewritable", found.refused
    return None


def classify(op_types: list[str]) -> list[tuple[str, str, str]]:
    """(op, kind, detail) for every op of `op_types` keeping a maker."""
    from compat.registration_index import ensure_all_registered
    from legacy_fluid.framework.op_registry import OP_INFOS

    ensure_all_registered()
    literal = literal_registrations(sorted(OPERATORS.glob("*_op.py")))
    convertible = {t for t in literal if OP_INFOS.get(t) is not None
                   and OP_INFOS.info(t).module.rpartition(".")[2] not in CORPUS}
    plain, _ = plan(convertible)
    rows = []
    for op_type in op_types or sorted(t for t, _ in OP_INFOS.items()):
        info = OP_INFOS.info(op_type)
        if info.maker is None:
            continue
        stem = info.module.rpartition(".")[2]
        diff = ("converter would convert", stem) if op_type in plain else \
            first_difference(op_type, info)
        if diff is None:
            diff = ("kept as the codemod corpus", stem) if stem in CORPUS else \
                ("registered in a loop or by a helper", stem) if op_type not in literal else \
                ("converter would convert (once the others are)", stem)
        rows.append((op_type, *diff))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ops", nargs="*", help="op types (default: every op with a maker)")
    parser.add_argument("--kind", help="show only the ops of this kind")
    options = parser.parse_args()
    rows = classify(options.ops)
    for op_type, kind, detail in rows:
        if options.kind in (None, kind):
            print(f"{op_type:32} {kind:36} {detail}")
    counts = Counter(kind for _, kind, _ in rows)
    print(f"\n{len(rows)} ops keep a maker")
    for kind, count in counts.most_common():
        print(f"{count:5}  {kind}")


if __name__ == "__main__":
    main()
