"""Read and write `ProgramDesc` files (`model.pdmodel`, or `__model__` in old layouts).

A program read from a file and written back is byte-identical: every desc
remembers the message it came from (`pb_origin`) and is written as that
message while its encoding is unchanged; protobuf writes known fields in
field-number order and unknown ones last, the canonical order of Paddle's C++
writer. Attributes are converted in `attr_codec`, descs in `desc_codec`.
"""

from __future__ import annotations

import os
from pathlib import Path

from google.protobuf.message import DecodeError, EncodeError, Message

from legacy_fluid.framework.program_desc import BlockDesc, ProgramDesc
from legacy_fluid.io.atomic_write import atomic_write_bytes
from legacy_fluid.io.desc_codec import (
    OP_COMPATIBLE_MAP_KEY,
    block_from_pb,
    block_header_fresh,
    op_fresh,
    op_from_pb,
    program_header_fresh,
    var_fresh,
    var_from_pb,
)
from legacy_fluid.io.errors import ModelFormatError
from legacy_fluid.io.input_files import open_regular
from legacy_fluid.io.layout import resolve_model
from legacy_fluid.io.limits import exceeded, limit, limit_problems
from legacy_fluid.io.pb_origin import (
    ORIGIN_KEY,
    Origin,
    copy_message,
    emit,
    fresh_bytes,
    header_copy,
    origin_of,
)
from legacy_fluid.io.pb_text import located, text
from legacy_fluid.proto import framework_pb2 as pb

__all__ = [
    "load_program",
    "program_from_bytes",
    "program_from_message",
    "program_to_bytes",
    "program_to_message",
    "save_program",
]


def program_from_bytes(data: bytes, *, source: str | os.PathLike[str] | None = None
                       ) -> ProgramDesc:
    """Parse a serialized ProgramDesc (`source` names the file in errors)."""
    if len(data) > limit("program_bytes"):
        raise ModelFormatError(exceeded("program_bytes", len(data)), path=source)
    msg = pb.ProgramDesc()
    try:
        msg.ParseFromString(bytes(data))
    except (DecodeError, UnicodeDecodeError, ValueError, RuntimeError) as e:
        raise ModelFormatError(f"not a valid Paddle program (protobuf ProgramDesc): {e}",
                               path=source) from e
    if len(msg.blocks) == 0:
        raise ModelFormatError("not a valid Paddle program: it has no blocks",
                               path=source, expected="at least 1 block", found="0")
    too_large = limit_problems(msg)
    if too_large:
        raise ModelFormatError(too_large[0], path=source)
    try:
        return program_from_message(msg)
    except ModelFormatError as e:
        if e.path is not None or source is None:
            raise
        raise ModelFormatError(e.problem, path=source, var=e.var, expected=e.expected,
                               found=e.found) from None


def program_from_message(msg: Message) -> ProgramDesc:
    """Convert a parsed `framework_pb2.ProgramDesc` (kept as the origin of the result).

    A name that is not valid UTF-8 is a `ModelFormatError` saying where it is.
    """
    blocks: list[BlockDesc] = []
    for bi, bm in enumerate(msg.blocks):
        b = block_from_pb(bm)
        for vi, vm in enumerate(bm.vars):
            try:
                v = var_from_pb(vm)
            except ModelFormatError as e:
                raise located(e, f"block {bi}, var #{vi}") from None
            v.extra[ORIGIN_KEY] = Origin(vm, fresh_bytes(var_fresh(v, None)))
            # A repeated name (never written by Paddle) keeps the last one, as Paddle does.
            b.vars.pop(v.name, None)
            b.vars[v.name] = v
        for oi, om in enumerate(bm.ops):
            try:
                op = op_from_pb(om)
            except ModelFormatError as e:
                raise located(e, f"block {bi}, op #{oi}") from None
            op.extra[ORIGIN_KEY] = Origin(om, fresh_bytes(op_fresh(op, None)))
            b.ops.append(op)
        b.extra[ORIGIN_KEY] = Origin(header_copy(bm, ("vars", "ops")),
                                      fresh_bytes(block_header_fresh(b, None)))
        blocks.append(b)
    program = ProgramDesc(blocks)
    if msg.HasField("version"):
        program.version = int(msg.version.version)
    if msg.HasField("op_version_map"):
        program.op_version_map = {text(p.op_name, "op_version_map: op name"):
                                  int(p.op_version.version) for p in msg.op_version_map.pair}
    if msg.HasField("op_compatible_map"):
        program.extra[OP_COMPATIBLE_MAP_KEY] = copy_message(msg.op_compatible_map)
    program.extra[ORIGIN_KEY] = Origin(header_copy(msg, ("blocks",)),
                                        fresh_bytes(program_header_fresh(program, None)))
    return program


def program_to_message(program: ProgramDesc) -> Message:
    """Build the `framework_pb2.ProgramDesc` for `program`."""
    msg = pb.ProgramDesc()
    emit(program_header_fresh, program, origin_of(program.extra), msg)
    for b in program.blocks:
        bm = msg.blocks.add()
        emit(block_header_fresh, b, origin_of(b.extra), bm)
        for v in b.vars.values():
            try:
                emit(var_fresh, v, origin_of(v.extra), bm.vars.add())
            except (TypeError, ValueError) as e:
                raise ValueError(f"block {b.idx}: var '{v.name}' cannot be written: {e}") from e
        for i, op in enumerate(b.ops):
            try:
                emit(op_fresh, op, origin_of(op.extra), bm.ops.add())
            except (TypeError, ValueError) as e:
                raise ValueError(f"block {b.idx}, op #{i}: {e}") from e
    return msg


def program_to_bytes(program: ProgramDesc) -> bytes:
    """Serialize `program` as Paddle does (the bytes of a `.pdmodel` file)."""
    msg = program_to_message(program)
    try:
        return msg.SerializeToString()
    except EncodeError as e:  # a required field left unset
        raise ValueError(f"program is incomplete: {e}") from e


def load_program(path: str | os.PathLike[str]) -> ProgramDesc:
    """Read a `.pdmodel` / `__model__` file."""
    p = Path(path)
    if p.is_dir():
        p = resolve_model(p).model_path
    f, size = open_regular(p, "model file")
    with f:
        if size > limit("program_bytes"):  # refused before it is read
            raise ModelFormatError(exceeded("program_bytes", size), path=p)
        data = f.read()
    return program_from_bytes(data, source=p)


def save_program(program: ProgramDesc, path: str | os.PathLike[str]) -> None:
    """Write `program` to `path` atomically (a temp file, then a rename)."""
    atomic_write_bytes(path, program_to_bytes(program))
