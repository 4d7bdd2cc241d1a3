"""Op protos the static reader cannot read, taken from importing the tree.

When verify runs and an op's maker cannot be read statically (a helper called with
`*args`, a statement of make() the reader does not follow, a maker class built in a loop
or looked up in an object the reader cannot follow), the op's kernels are not refused at
once: the tree is imported once (`live_import`, the same import `live_registrations`
reads its kernel keys from), and the proto of each operator with a maker that a top-level
statement of the module registered is turned into the `StaticProto` the static reading
would have given. From there the op migrates through the same code as any other (one
writer of its ops.yaml entry), is verified like any other, and its rows say "proto from
importing the tree".

It is used only where the static reading failed, and not where it failed for what one
import cannot settle (a maker reading a module-level container any module may change
before the call: another import order builds another proto). It is refused, naming why,
when the import shows no operator for the op from this module (or the import failed), and
when the reading of the maker got part of the way and what it read disagrees with the
imported proto (a bug of the reader: neither is trusted). Without verify nothing is
imported.
"""

from __future__ import annotations

import ast
import os
from pathlib import Path
from typing import Any

from compat.statuses import KernelStatus
from migrate.proto_reader import PARTIAL_PROTOS
from migrate.records import FileResult, LiveFacts
from migrate.static import ModuleInfo
from migrate.static_facts import UNKNOWN_DEFAULT, AttrSlot, StaticProto, VarSlot
from migrate.static_refs import ClassRef

#: what a row of a kernel migrating on an imported proto adds to its reason
LIVE_PROTO = "proto from importing the tree"
#: static refusals naming what one import cannot settle: the proto another import order
#: builds may differ (a maker reading a container other modules may change first)
ORDER_DEPENDENT = ("any module may change",)
#: `info.memo` key: op -> the operator class importing showed (ClassRef, or None)
LIVE_OPERATORS = "live_operators"


def proto_unread(reason: str) -> bool:
    """A row's reason says its op's proto cannot be read statically (a maker the reader
    cannot follow, an operator registration it cannot read)."""
    return (reason.startswith("op proto of '") and "is not statically readable" in reason) \
        or (reason.startswith("op '") and "so its proto is unknown" in reason)


def read_live_protos(info: ModuleInfo, live: LiveFacts | None) -> None:
    """Put in `info.protos` the imported proto of each op of `live` whose proto the static
    reading could not read; the ops still unread say why importing did not help."""
    if live is None:
        return
    partial: dict[str, StaticProto] = info.memo.get(PARTIAL_PROTOS, {})
    for op, row in live.protos.items():
        static = info.protos.get(op)
        if isinstance(static, StaticProto):
            continue
        if isinstance(static, str) and any(w in static for w in ORDER_DEPENDENT):
            info.protos[op] = (f"{static}; importing the tree gives the proto of one import "
                               "order only, so it is not used; not migrated")
            continue
        proto = _proto(op, row)
        why = _disagreement(partial[op], proto) if op in partial else ""
        if why:
            info.protos[op] = (f"{static}; importing the tree gives its proto, but what the "
                               f"codemod read of the maker before it stopped disagrees with "
                               f"it ({why}): a bug of the codemod's reader, so neither is "
                               "used; not migrated")
            continue
        info.protos[op] = proto
        info.memo.setdefault(LIVE_OPERATORS, {})[op] = _operator_ref(info, row["op_class"])
    missing = (f"importing the tree to read it failed ({live.error})" if live.error else
               "importing the tree registered no operator for it from this module")
    for op, why in list(info.protos.items()):
        if isinstance(why, str) and op not in live.protos and proto_unread(why):
            info.protos[op] = f"{why}; {missing}"
    for op, why in list(info.unread_operators.items()):
        if op not in live.protos:
            info.unread_operators[op] = f"{why}; {missing}"


def operator_class(info: ModuleInfo, op: str) -> ClassRef | None:
    """The operator class of `op`: as its registration reads, else as importing the tree
    showed it (None: not a class of the tree's modules)."""
    operator = info.operators.get(op)
    if operator is not None:
        return operator.op_class_ref or ClassRef(operator.op_class)
    return info.memo.get(LIVE_OPERATORS, {}).get(op)


def note_live_protos(info: ModuleInfo, result: FileResult) -> None:
    """The migrated rows of ops whose proto came from importing the tree say so."""
    live = info.memo.get(LIVE_OPERATORS, {})
    for r in result.records:
        if r.status is KernelStatus.MIGRATED and r.op_type in live:
            r.reason = f"{r.reason or 'migrated'}; {LIVE_PROTO}"


def _proto(op: str, row: dict[str, Any]) -> StaticProto:
    """`live_import.proto_row`'s row as the static reading gives a proto."""
    return StaticProto(
        op, str(row["maker"]),
        [VarSlot(str(n), *map(bool, flags)) for n, *flags in row["inputs"]],
        [VarSlot(str(n), *map(bool, flags)) for n, *flags in row["outputs"]],
        [AttrSlot(str(n), str(t), UNKNOWN_DEFAULT if d is None else ast.literal_eval(d),
                  bool(extra), bool(quant)) for n, t, d, extra, quant in row["attrs"]])


def _operator_ref(info: ModuleInfo, found: list[str] | None) -> ClassRef | None:
    if not found:
        return None
    file, name = found
    here = info.path is not None and os.path.realpath(info.path) == file
    return ClassRef(name) if here else ClassRef(name, Path(file))


def _disagreement(partial: StaticProto, live: StaticProto) -> str:
    """How the slots the static reading got before it stopped differ from the imported
    proto's first ones (each list is built in make()'s order); "" when they agree."""
    for part in ("inputs", "outputs", "attrs"):
        full = getattr(live, part)
        for i, slot in enumerate(getattr(partial, part)):
            other = full[i] if i < len(full) else None
            if other is None or not _same(slot, other):
                return (f"its {part} #{i + 1} reads as {_shown(slot)}, the import gives "
                        f"{_shown(other) if other is not None else 'none'}")
    return ""


def _shown(slot: VarSlot | AttrSlot) -> str:
    """`name` and what is set of its type, default and flags."""
    facts = [f"{k}={v!r}" for k, v in vars(slot).items() if k != "name"
             and v is not UNKNOWN_DEFAULT and v is not False and v is not None]
    return f"`{slot.name}`" + (f" ({', '.join(facts)})" if facts else "")


def _same(read: VarSlot | AttrSlot, live: VarSlot | AttrSlot) -> bool:
    if isinstance(read, AttrSlot) and isinstance(live, AttrSlot):
        unknown = UNKNOWN_DEFAULT in (read.default, live.default)
        return (read.name, read.type, read.extra, read.quant) == (
            live.name, live.type, live.extra, live.quant) and (
            unknown or (type(read.default), read.default) == (type(live.default), live.default))
    return read == live
