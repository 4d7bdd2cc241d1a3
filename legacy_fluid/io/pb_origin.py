"""Where each desc read from a file came from, so that unchanged descs write back as read.

Every desc built from a file keeps an `Origin` in its `extra` dict (under
`ORIGIN_KEY`): the protobuf message it came from and the bytes a *fresh*
encoding of the desc gave right after reading. `emit` writes a desc whose
fresh encoding is still the same as its original message, so anything the
Python objects do not model survives (optional fields set to their default,
unknown fields, odd attribute encodings); an edited desc is encoded anew,
still keeping its original's unknown fields.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from google.protobuf.message import Message

#: `extra` key holding a desc's `Origin`.
ORIGIN_KEY = "_pb_origin"


class Origin:
    """Where a desc came from: its message and its fresh encoding when read.

    Treated as immutable: the message is only ever copied from, so copies of
    a desc (`copy.deepcopy`) share it.
    """

    __slots__ = ("fresh", "message")

    def __init__(self, message: Message, fresh: bytes) -> None:
        self.message = message
        self.fresh = fresh

    def __repr__(self) -> str:
        return f"<{type(self.message).__name__} origin, {len(self.fresh)} bytes>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Origin):
            return NotImplemented
        return self.fresh == other.fresh and self.message == other.message

    __hash__ = None  # type: ignore[assignment]

    def __copy__(self) -> Origin:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Origin:
        return self


def origin_of(extra: dict[str, Any]) -> Origin | None:
    o = extra.get(ORIGIN_KEY)
    return o if isinstance(o, Origin) else None


def blank_like(cls: type[Message], orig: Message | None) -> Message:
    """A new `cls` message holding only `orig`'s unknown fields (if any)."""
    msg = cls()
    adopt_unknown(msg, orig)
    return msg


def adopt_unknown(dst: Message, orig: Message | None) -> None:
    """Mark the sub-message `dst` present, holding only `orig`'s unknown fields.

    Works in place (no CopyFrom of a message still missing required fields,
    which old protobuf runtimes refuse).
    """
    dst.SetInParent()
    if orig is not None:
        dst.MergeFrom(orig)
        for f in dst.DESCRIPTOR.fields:
            dst.ClearField(f.name)


def set_optional(msg: Message, name: str, value: Any, default: Any,
                  orig: Message | None) -> None:
    """Set an optional scalar field when it differs from its default, or was set before."""
    if value != default or (orig is not None and orig.HasField(name)):
        setattr(msg, name, value)


def copy_message(msg: Message) -> Message:
    c = type(msg)()
    c.CopyFrom(msg)
    return c


def header_copy(msg: Message, children: tuple[str, ...]) -> Message:
    h = copy_message(msg)
    for c in children:
        h.ClearField(c)
    return h


def fresh_bytes(m: Message) -> bytes:
    return m.SerializePartialToString()


def emit(fresh_fn: Callable[[Any, Message | None], Message], desc: Any,
          origin: Origin | None, out: Message) -> None:
    """Write `desc` into `out`: its original message if unchanged, else a fresh one.

    "Unchanged" means that the desc encodes (without looking at its origin) to
    the same bytes as right after it was read. An edited desc is encoded again,
    this time keeping what it can of its origin (optional fields that were set,
    unchanged attribute messages, unknown fields).
    """
    if origin is None:
        out.CopyFrom(fresh_fn(desc, None))
    elif fresh_bytes(fresh_fn(desc, None)) == origin.fresh:
        out.CopyFrom(origin.message)
    else:
        out.CopyFrom(fresh_fn(desc, origin.message))
