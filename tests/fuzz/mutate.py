"""Seeded mutations of model files: programs (`.pdmodel`) and parameters (`.pdiparams`).

Every mutant is a pure function of (file bytes, seed), so a failure is replayed
from its seed alone. Programs are mutated at the protobuf level (one field set
to an extreme or ill-typed value, a name made invalid UTF-8 or swapped for
another name, an op or var or attribute deleted, duplicated or moved) and at
the byte level (bits flipped, bytes set, inserted, deleted, the file cut).
Parameters are mutated in their record headers (versions, LoD, descriptor
sizes, dims) and at the byte level.
"""

from __future__ import annotations

import random
import struct
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

from legacy_fluid.proto import framework_pb2 as pb

#: Replaced by invalid UTF-8 after serializing (protobuf will not store such a str).
BAD_TEXT = "\x00BAD\x00UTF8\x00"
BAD_BYTES = b"\xff\xfeBAD\xc3\x28UTF8\x80"
_INT32 = (0, 1, -1, 2, 3, 7, 2**15, 2**31 - 1, -(2**31), 99)
_INT64 = (*_INT32, 2**31, 2**40, 2**62, -(2**62), 2**63 - 1, -(2**63))
_FLOATS = (0.0, -0.0, 1.0, -1.0, 0.5, 1e30, -1e30, float("nan"), float("inf"), float("-inf"))
_INT_TYPES = {FieldDescriptor.TYPE_INT32: _INT32, FieldDescriptor.TYPE_INT64: _INT64,
              FieldDescriptor.TYPE_UINT32: _INT32[:7], FieldDescriptor.TYPE_UINT64: _INT32[:7]}


@dataclass(frozen=True)
class Mutation:
    data: bytes
    what: str  # a line saying what was changed


@dataclass
class _Leaf:
    """One scalar (or one element of a repeated scalar field) inside a message tree."""

    msg: Message
    field: FieldDescriptor
    index: int | None  # element of a repeated field
    path: str

    def get(self) -> Any:
        value = getattr(self.msg, self.field.name)
        return value[self.index] if self.index is not None else value

    def set(self, value: Any) -> None:
        if self.index is not None:
            getattr(self.msg, self.field.name)[self.index] = value
        else:
            setattr(self.msg, self.field.name, value)


def _walk(msg: Message, path: str, leaves: list[_Leaf], lists: list[tuple[Message, str, str]]
          ) -> None:
    for field, value in msg.ListFields():
        here = f"{path}.{field.name}"
        is_repeated = field.is_repeated
        if field.type == FieldDescriptor.TYPE_MESSAGE:
            items = list(value) if is_repeated else [value]
            if is_repeated:
                lists.append((msg, field.name, here))
            for i, item in enumerate(items):
                _walk(item, f"{here}[{i}]" if is_repeated else here, leaves, lists)
        elif is_repeated:
            lists.append((msg, field.name, here))
            leaves.extend(_Leaf(msg, field, i, f"{here}[{i}]") for i in range(len(value)))
        else:
            leaves.append(_Leaf(msg, field, None, here))


def _names(msg: Message) -> list[str]:
    return sorted({v.name for b in msg.blocks for v in b.vars} |
                  {a for b in msg.blocks for op in b.ops
                   for slot in (*op.inputs, *op.outputs) for a in slot.arguments})


def _new_value(leaf: _Leaf, rng: random.Random, names: list[str]) -> Any:
    old = leaf.get()
    t = leaf.field.type
    if t == FieldDescriptor.TYPE_BOOL:
        return not old
    if t in _INT_TYPES:
        choices = [*_INT_TYPES[t], old + 1, old - 1, old * 2, rng.randint(-64, 64)]
        lo, hi = ((0, 2**32 - 1) if t == FieldDescriptor.TYPE_UINT32 else
                  (0, 2**64 - 1) if t == FieldDescriptor.TYPE_UINT64 else
                  (-(2**31), 2**31 - 1) if t == FieldDescriptor.TYPE_INT32 else
                  (-(2**63), 2**63 - 1))
        return min(max(rng.choice(choices), lo), hi)
    if t in (FieldDescriptor.TYPE_FLOAT, FieldDescriptor.TYPE_DOUBLE):
        return rng.choice([*_FLOATS, old * 2, -old])
    if t == FieldDescriptor.TYPE_STRING:
        return rng.choice([BAD_TEXT, BAD_TEXT, "", old + "_x", rng.choice(names or [""]),
                           rng.choice(names or [""]), "x" * 300])
    return old


def _field_mutation(msg: Message, rng: random.Random) -> str:
    leaves: list[_Leaf] = []
    _walk(msg, "program", leaves, [])
    leaf = rng.choice(leaves)
    value = _new_value(leaf, rng, _names(msg))
    leaf.set(value)
    shown = "<invalid UTF-8>" if value == BAD_TEXT else repr(value)[:40]
    return f"{leaf.path} = {shown}"


def _list_mutation(msg: Message, rng: random.Random) -> str:
    lists: list[tuple[Message, str, str]] = []
    _walk(msg, "program", [], lists)
    lists = [entry for entry in lists if len(getattr(entry[0], entry[1])) > 0]
    parent, name, path = rng.choice(lists)
    items = getattr(parent, name)
    i = rng.randrange(len(items))
    kind = rng.choice(("delete", "duplicate", "swap"))
    if kind == "delete":
        del items[i]
    elif kind == "duplicate":
        if isinstance(items[i], Message):
            items.add().CopyFrom(items[i])
        else:
            items.append(items[i])
    else:
        j = rng.randrange(len(items))
        if isinstance(items[i], Message):
            a, b = type(items[i])(), type(items[i])()
            a.CopyFrom(items[i])
            b.CopyFrom(items[j])
            items[i].CopyFrom(b)
            items[j].CopyFrom(a)
        else:
            items[i], items[j] = items[j], items[i]
        return f"{path}: swap [{i}] and [{j}]"
    return f"{path}: {kind} [{i}]"


def _bytes_mutation(data: bytes, rng: random.Random, hot: list[int] | None = None) -> Mutation:
    """Bit flips, set bytes, insertions, deletions or a cut; near `hot` offsets half the time."""
    buf = bytearray(data)

    def pos() -> int:
        if hot and rng.random() < 0.5:
            return min(rng.choice(hot) + rng.randrange(64), max(len(buf) - 1, 0))
        return rng.randrange(max(len(buf), 1))

    kind = rng.choice(("flip", "flip", "set", "insert", "delete", "cut"))
    if not buf:
        return Mutation(bytes([rng.randrange(256)]), "one random byte")
    p = pos()
    if kind == "flip":
        n = rng.choice((1, 1, 2, 4))
        for _ in range(n):
            q = pos()
            buf[q] ^= 1 << rng.randrange(8)
        what = f"{n} bit(s) flipped near byte {p}"
    elif kind == "set":
        buf[p] = rng.choice((0x00, 0xFF, 0x7F, 0x80, rng.randrange(256)))
        what = f"byte {p} set to {buf[p]:#04x}"
    elif kind == "insert":
        chunk = bytes(rng.randrange(256) for _ in range(rng.choice((1, 2, 8))))
        buf[p:p] = chunk
        what = f"{len(chunk)} byte(s) inserted at {p}"
    elif kind == "delete":
        n = rng.choice((1, 2, 8))
        del buf[p:p + n]
        what = f"{n} byte(s) deleted at {p}"
    else:
        del buf[p:]
        what = f"cut at byte {p} of {len(data)}"
    return Mutation(bytes(buf), what)


def mutate_program(data: bytes, rng: random.Random) -> Mutation:
    if rng.random() < 0.3:
        return _bytes_mutation(data, rng)
    msg = pb.ProgramDesc.FromString(data)
    mutate: Callable[[Message, random.Random], str] = (
        _field_mutation if rng.random() < 0.75 else _list_mutation)
    what = mutate(msg, rng)
    out = msg.SerializePartialToString()
    return Mutation(out.replace(BAD_TEXT.encode(), BAD_BYTES), what)


def record_offsets(data: bytes) -> list[tuple[int, int]]:
    """(start of record, start of its TensorDesc) for each tensor record of a params file."""
    out = []
    pos = 0
    while pos + 12 <= len(data):
        start = pos
        (levels,) = struct.unpack_from("<Q", data, pos + 4)
        pos += 12
        for _ in range(levels):
            (n,) = struct.unpack_from("<Q", data, pos)
            pos += 8 + n
        desc_at = pos + 8
        (size,) = struct.unpack_from("<i", data, pos + 4)
        desc = pb.VarType.TensorDesc.FromString(data[desc_at:desc_at + size])
        numel = 1
        for d in desc.dims:
            numel *= d
        itemsize = {pb.VarType.FP64: 8, pb.VarType.INT64: 8, pb.VarType.FP16: 2,
                    pb.VarType.BF16: 2, pb.VarType.BOOL: 1, pb.VarType.UINT8: 1,
                    pb.VarType.INT8: 1}.get(desc.data_type, 4)
        out.append((start, desc_at))
        pos = desc_at + size + numel * itemsize
    return out


def _dims_mutation(data: bytes, rng: random.Random, offsets: list[tuple[int, int]]
                   ) -> Mutation:
    start, desc_at = rng.choice(offsets)
    (size,) = struct.unpack_from("<i", data, desc_at - 4)
    desc = pb.VarType.TensorDesc.FromString(data[desc_at:desc_at + size])
    if desc.dims and rng.random() < 0.8:
        i = rng.randrange(len(desc.dims))
        desc.dims[i] = rng.choice((0, 1, -1, 2**31, 2**62, desc.dims[i] + 1, desc.dims[i] * 2))
        what = f"record at {start}: dims[{i}] = {desc.dims[i]}"
    else:
        desc.data_type = rng.choice((0, 2, 3, 6, 19, 20, 32, 99))
        what = f"record at {start}: data_type = {desc.data_type}"
    raw = desc.SerializeToString()
    head = data[:desc_at - 4] + struct.pack("<i", len(raw)) + raw
    return Mutation(head + data[desc_at + size:], what)


def mutate_params(data: bytes, rng: random.Random) -> Mutation:
    offsets = record_offsets(data)
    if offsets and rng.random() < 0.35:
        return _dims_mutation(data, rng, offsets)
    return _bytes_mutation(data, rng, [s for s, _ in offsets] + [d for _, d in offsets])
