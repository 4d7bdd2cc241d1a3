"""Limits on a program's size, checked on the parsed protobuf before anything else is done.

Real programs sit far below each limit. The committed Paddle exports
(tests/fixtures, 3289 programs) reach at most: 5 blocks, nesting depth 1, 157 ops and
526 variables in a program, 45 arguments, 18 slots and 33 attributes in an op, 36
elements in a list attribute, 39-byte names and a 252 KiB file. Large real models
(detection, OCR, transformers) have a few thousand ops and some ten thousand variables.
Each limit leaves a margin of 100x or more over that; a program beyond one is refused
with an error naming the limit, where it was exceeded and by how much, before it is
converted, validated or run. The block nesting depth is checked with the block links
(`legacy_fluid.io.validate`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

__all__ = ["LIMITS", "exceeded", "limit", "limit_problems"]

#: name -> (limit, what it counts)
LIMITS: dict[str, tuple[int, str]] = {
    "program_bytes": (1 << 30, "bytes in a program file"),
    "blocks": (10_000, "blocks in a program"),
    "depth": (100, "levels of block nesting"),
    "ops": (1_000_000, "ops in a program"),
    "vars": (1_000_000, "variables in a program"),
    "op_args": (100_000, "arguments (input and output variable names) of one op"),
    "op_slots": (10_000, "input and output slots of one op"),
    "op_attrs": (10_000, "attributes of one op"),
    "attr_elements": (10_000_000, "elements in one list attribute"),
    "name_bytes": (4_096, "bytes in a name (variable, op type, slot or attribute)"),
}


def limit(name: str) -> int:
    return LIMITS[name][0]


def exceeded(name: str, found: int, where: str = "") -> str:
    value, what = LIMITS[name]
    at = f"{where}: " if where else ""
    return (f"{at}{found:,} {what}, over fluidphi's limit of {value:,} (the program is "
            "refused as too large; real programs stay far below it)")


def _size(name: Any) -> int:
    return len(name.encode("utf-8", "surrogatepass")) if isinstance(name, str) else len(name)


def _long(names: Iterator[Any]) -> int:
    return max((_size(n) for n in names), default=0)


def _op_problems(om: Any, where: str) -> Iterator[str]:
    slots = [*om.inputs, *om.outputs]
    if len(slots) > limit("op_slots"):
        yield exceeded("op_slots", len(slots), where)
        return
    args = sum(len(s.arguments) for s in slots)
    if args > limit("op_args"):
        yield exceeded("op_args", args, where)
        return
    if len(om.attrs) > limit("op_attrs"):
        yield exceeded("op_attrs", len(om.attrs), where)
        return
    longest = max(_long(iter([om.type])), _long(s.parameter for s in slots),
                  _long(a for s in slots for a in s.arguments), _long(a.name for a in om.attrs))
    if longest > limit("name_bytes"):
        yield exceeded("name_bytes", longest, where)
    for a in om.attrs:
        size = max(len(a.ints), len(a.floats), len(a.strings), len(a.bools), len(a.longs),
                   len(a.float64s), len(a.blocks_idx), len(a.vars_name), len(a.scalars))
        if size > limit("attr_elements"):
            yield exceeded("attr_elements", size, f"{where}: attribute {a.name[:64]!r}")


def limit_problems(msg: Any) -> list[str]:
    """The limits a parsed `framework_pb2.ProgramDesc` exceeds (empty when none); one
    problem per kind is enough to refuse, so the walk stops at the first."""
    if len(msg.blocks) > limit("blocks"):
        return [exceeded("blocks", len(msg.blocks))]
    ops = sum(len(b.ops) for b in msg.blocks)
    if ops > limit("ops"):
        return [exceeded("ops", ops)]
    nvars = sum(len(b.vars) for b in msg.blocks)
    if nvars > limit("vars"):
        return [exceeded("vars", nvars)]
    for bi, b in enumerate(msg.blocks):
        longest = _long(v.name for v in b.vars)
        if longest > limit("name_bytes"):
            return [exceeded("name_bytes", longest, f"block {bi}, a variable")]
        for oi, om in enumerate(b.ops):
            problems = list(_op_problems(om, f"block {bi}, op #{oi} {om.type[:64]!r}"))
            if problems:
                return problems
    return []
