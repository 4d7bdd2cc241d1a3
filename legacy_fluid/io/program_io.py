"""Read and write `ProgramDesc` files (`model.pdmodel`, or `__model__` in old layouts).

A program read from a file and written back is byte-identical. Two things
make that hold:

* Every desc built from the file keeps an `_Origin` in its `extra` dict: the
  protobuf message it came from and the bytes that a *fresh* encoding of the
  desc gave right after reading. On writing, a desc whose fresh encoding is
  still the same is emitted as its original message (so anything the Python
  objects do not model survives: optional fields set to their default,
  unknown fields, odd attribute encodings); a desc that was edited is encoded
  anew, still reusing unchanged attributes and the original's unknown fields.
* protobuf writes known fields in field-number order and unknown ones last,
  the same canonical order as Paddle's C++ writer.

Attribute values become plain Python values; `OpDesc.attr_types` keeps each
attribute's kind so it is written back as the same kind:

=========  ==============================  =========  ===========================
AttrType   Python value                    AttrType   Python value
=========  ==============================  =========  ===========================
INT, LONG  int                             BLOCK      int (block index)
FLOAT      float (a float32 value)         BLOCKS     list[int] (block indices)
FLOAT64    float                           VAR        str (variable name)
STRING     str                             VARS       list[str]
BOOLEAN    bool                            SCALAR     phi.common.Scalar
INTS/LONGS list[int]                       SCALARS    list[phi.common.Scalar]
FLOATS     list[float] (float32 values)    FLOAT64S   list[float]
STRINGS    list[str]                       BOOLEANS   list[bool]
=========  ==============================  =========  ===========================

An attribute of a kind this module does not know keeps its raw
`framework_pb2.OpDesc.Attr` message as its value and its raw number as type.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import numpy as np
from google.protobuf.message import DecodeError, EncodeError, Message

from legacy_fluid.framework.program_desc import BlockDesc, OpDesc, ProgramDesc, VarDesc
from legacy_fluid.framework.var_type import AttrType, VarType
from legacy_fluid.io.errors import MissingModelFileError, ModelFormatError
from legacy_fluid.io.layout import resolve_model
from legacy_fluid.proto import framework_pb2 as pb
from phi.common import DataType, Scalar

__all__ = [
    "FEED_FETCH_TYPES",
    "atomic_write_bytes",
    "feed_target_names",
    "fetch_target_names",
    "load_program",
    "persistable_var_names",
    "program_from_bytes",
    "program_to_bytes",
    "save_program",
]

#: `extra` key holding a desc's `_Origin`.
ORIGIN_KEY = "_pb_origin"
#: `VarDesc.extra` keys for var attributes (VarDesc field 7): name -> value / AttrType.
VAR_ATTRS_KEY = "attrs"
VAR_ATTR_TYPES_KEY = "attr_types"
#: `VarDesc.extra` key for an element type with no PHI DataType (SIZE_T, FP8, ...).
RAW_DTYPE_KEY = "raw_dtype"
#: `VarDesc.extra` key for a var kind number that `VarType` does not know.
RAW_VAR_TYPE_KEY = "raw_type"
#: `VarDesc.extra` keys for the READER / TUPLE descriptions (kept as raw messages).
READER_KEY = "reader"
TUPLE_KEY = "tuple"
#: `ProgramDesc.extra` key for the Paddle 1.x `op_compatible_map` (raw message).
OP_COMPATIBLE_MAP_KEY = "op_compatible_map"

#: Var kinds that hold feed/fetch lists rather than data.
FEED_FETCH_TYPES = frozenset({VarType.FEED_MINIBATCH, VarType.FETCH_LIST})
#: Persistable var kinds that have no tensor stored in a params file.
_NOT_SAVED_TYPES = FEED_FETCH_TYPES | {VarType.READER, VarType.RAW}

# Which VarType field carries the TensorDesc for a var kind.
_TENSOR_FIELD: dict[int, str] = {
    VarType.LOD_TENSOR: "lod_tensor",
    VarType.SELECTED_ROWS: "selected_rows",
    VarType.LOD_TENSOR_ARRAY: "tensor_array",
    VarType.STRING: "string",
    VarType.STRINGS: "strings",
    VarType.VOCAB: "vocab",
    VarType.SPARSE_COO: "sparse_coo",
    VarType.SPARSE_CSR: "sparse_csr",
}
# Of those, the ones whose TensorDesc sits inside a desc with a lod_level.
_WITH_LOD = frozenset({"lod_tensor", "tensor_array"})

_ATTR_TYPE_VALUES = frozenset(int(t) for t in AttrType)
_INT32 = (-(2**31), 2**31 - 1)
_INT64 = (-(2**63), 2**63 - 1)


# ---------------------------------------------------------------------------
# origin bookkeeping
# ---------------------------------------------------------------------------
class _Origin:
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
        if not isinstance(other, _Origin):
            return NotImplemented
        return self.fresh == other.fresh and self.message == other.message

    __hash__ = None  # type: ignore[assignment]

    def __copy__(self) -> _Origin:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> _Origin:
        return self


def _origin(extra: dict[str, Any]) -> _Origin | None:
    o = extra.get(ORIGIN_KEY)
    return o if isinstance(o, _Origin) else None


def _blank_like(cls: type[Message], orig: Message | None) -> Message:
    """A new `cls` message holding only `orig`'s unknown fields (if any)."""
    msg = cls()
    _adopt_unknown(msg, orig)
    return msg


def _adopt_unknown(dst: Message, orig: Message | None) -> None:
    """Mark the sub-message `dst` present, holding only `orig`'s unknown fields.

    Works in place (no CopyFrom of a message still missing required fields,
    which old protobuf runtimes refuse).
    """
    dst.SetInParent()
    if orig is not None:
        dst.MergeFrom(orig)
        for f in dst.DESCRIPTOR.fields:
            dst.ClearField(f.name)


def _set_optional(msg: Message, name: str, value: Any, default: Any,
                  orig: Message | None) -> None:
    """Set an optional scalar field when it differs from its default, or was set before."""
    if value != default or (orig is not None and orig.HasField(name)):
        setattr(msg, name, value)


# ---------------------------------------------------------------------------
# attributes
# ---------------------------------------------------------------------------
class _UnconvertibleError(Exception):
    pass


def _scalar_from_pb(s: Message) -> Scalar:
    t = s.type
    if t == pb.Scalar.BOOLEAN:
        return Scalar(bool(s.b), DataType.BOOL)
    if t == pb.Scalar.LONG:
        return Scalar(int(s.i), DataType.INT64)
    if t == pb.Scalar.FLOAT64:
        return Scalar(float(s.r), DataType.FLOAT64)
    if t == pb.Scalar.COMPLEX128:
        return Scalar(complex(s.c.r, s.c.i), DataType.COMPLEX128)
    raise _UnconvertibleError(f"unknown Scalar type {t}")


def _scalar_to_pb(value: Any, out: Message) -> None:
    if isinstance(value, Message):
        out.CopyFrom(value)
        return
    if isinstance(value, Scalar):
        dtype, v = value.dtype, value.value
    else:
        v = value.item() if isinstance(value, np.generic) else value
        dtype = Scalar(v).dtype
    if dtype == DataType.BOOL:
        out.type, out.b = pb.Scalar.BOOLEAN, bool(v)
    elif dtype.is_integer:
        out.type, out.i = pb.Scalar.LONG, _checked_int(v, _INT64)
    elif dtype.is_floating:
        out.type, out.r = pb.Scalar.FLOAT64, float(v)
    elif dtype.is_complex:
        c = complex(v)
        out.type = pb.Scalar.COMPLEX128
        out.c.r, out.c.i = c.real, c.imag
    else:
        raise ValueError(f"cannot store a {dtype} Scalar in a SCALAR attribute")


def _checked_int(v: Any, bounds: tuple[int, int]) -> int:
    if isinstance(v, float) and not v.is_integer():
        raise ValueError(f"{v!r} is not an integer")
    i = int(v)
    if not bounds[0] <= i <= bounds[1]:
        raise ValueError(f"{i} does not fit in {'int32' if bounds == _INT32 else 'int64'}")
    return i


def _attr_from_pb(a: Message) -> tuple[Any, AttrType | int]:
    """(python value, attr type) of an OpDesc.Attr; raw message for unknown kinds."""
    try:
        kind = AttrType(a.type)
    except ValueError:
        return _copy(a), a.type
    try:
        value = _ATTR_READERS[kind](a)
    except _UnconvertibleError:
        return _copy(a), a.type
    return value, kind


def _text(value: Any) -> str:
    # upb hands back bytes for a string field that is not valid UTF-8; such an
    # attribute is kept as its raw message rather than guessed at.
    if not isinstance(value, str):
        raise _UnconvertibleError("string field is not valid UTF-8")
    return value


def _copy(msg: Message) -> Message:
    c = type(msg)()
    c.CopyFrom(msg)
    return c


_ATTR_READERS: dict[AttrType, Callable[[Message], Any]] = {
    AttrType.INT: lambda a: int(a.i),
    AttrType.FLOAT: lambda a: float(a.f),
    AttrType.STRING: lambda a: _text(a.s),
    AttrType.INTS: lambda a: [int(x) for x in a.ints],
    AttrType.FLOATS: lambda a: [float(x) for x in a.floats],
    AttrType.STRINGS: lambda a: [_text(x) for x in a.strings],
    AttrType.BOOLEAN: lambda a: bool(a.b),
    AttrType.BOOLEANS: lambda a: [bool(x) for x in a.bools],
    AttrType.BLOCK: lambda a: int(a.block_idx),
    AttrType.LONG: lambda a: int(a.l),
    AttrType.BLOCKS: lambda a: [int(x) for x in a.blocks_idx],
    AttrType.LONGS: lambda a: [int(x) for x in a.longs],
    AttrType.FLOAT64S: lambda a: [float(x) for x in a.float64s],
    AttrType.VAR: lambda a: _text(a.var_name),
    AttrType.VARS: lambda a: [_text(x) for x in a.vars_name],
    AttrType.FLOAT64: lambda a: float(a.float64),
    AttrType.SCALAR: lambda a: _scalar_from_pb(a.scalar),
    AttrType.SCALARS: lambda a: [_scalar_from_pb(s) for s in a.scalars],
}


def _as_list(value: Any) -> list[Any]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ValueError(f"expected a list, got {type(value).__name__}")
    return list(value)


def _f32(v: Any) -> float:
    return float(np.float32(v)) if math.isfinite(float(v)) else float(v)


def _attr_to_pb(name: str, value: Any, kind: AttrType | int, out: Message) -> None:
    """Fill `out` (an empty OpDesc.Attr) with `value` encoded as `kind`."""
    if isinstance(value, Message):  # unknown kind kept raw
        out.CopyFrom(value)
        out.name = name
        return
    kind = AttrType(kind)
    out.name, out.type = name, int(kind)
    if kind == AttrType.INT:
        out.i = _checked_int(value, _INT32)
    elif kind == AttrType.FLOAT:
        out.f = _f32(value)
    elif kind == AttrType.STRING:
        out.s = value
    elif kind == AttrType.INTS:
        out.ints.extend(_checked_int(v, _INT32) for v in _as_list(value))
    elif kind == AttrType.FLOATS:
        out.floats.extend(_f32(v) for v in _as_list(value))
    elif kind == AttrType.STRINGS:
        out.strings.extend(_as_list(value))
    elif kind == AttrType.BOOLEAN:
        out.b = bool(value)
    elif kind == AttrType.BOOLEANS:
        out.bools.extend(bool(v) for v in _as_list(value))
    elif kind == AttrType.BLOCK:
        out.block_idx = _checked_int(_block_index(value), _INT32)
    elif kind == AttrType.LONG:
        out.l = _checked_int(value, _INT64)
    elif kind == AttrType.BLOCKS:
        out.blocks_idx.extend(_checked_int(_block_index(v), _INT32) for v in _as_list(value))
    elif kind == AttrType.LONGS:
        out.longs.extend(_checked_int(v, _INT64) for v in _as_list(value))
    elif kind == AttrType.FLOAT64S:
        out.float64s.extend(float(v) for v in _as_list(value))
    elif kind == AttrType.VAR:
        out.var_name = value
    elif kind == AttrType.VARS:
        out.vars_name.extend(_as_list(value))
    elif kind == AttrType.FLOAT64:
        out.float64 = float(value)
    elif kind == AttrType.SCALAR:
        _scalar_to_pb(value, out.scalar)
    elif kind == AttrType.SCALARS:
        for v in _as_list(value):
            _scalar_to_pb(v, out.scalars.add())
    else:  # pragma: no cover - AttrType is exhaustive above
        raise ValueError(f"unsupported attribute type {kind!r}")


def _block_index(value: Any) -> int:
    """A block index from an int or from a BlockDesc."""
    return value.idx if isinstance(value, BlockDesc) else value


def infer_attr_type(value: Any) -> AttrType:
    """The AttrType to write a new attribute (one without a recorded type) as."""
    from legacy_fluid.framework.program_desc import infer_attr_type as infer_basic

    if isinstance(value, Scalar):
        return AttrType.SCALAR
    if isinstance(value, BlockDesc):
        return AttrType.BLOCK
    if isinstance(value, (list, tuple)) and value:
        if isinstance(value[0], Scalar):
            return AttrType.SCALARS
        if isinstance(value[0], BlockDesc):
            return AttrType.BLOCKS
    if isinstance(value, np.generic):
        value = value.item()
    return infer_basic(value)


# ---------------------------------------------------------------------------
# ops
# ---------------------------------------------------------------------------
def _op_from_pb(m: Message) -> OpDesc:
    op = OpDesc(m.type)
    for v in m.inputs:
        op.inputs.setdefault(v.parameter, []).extend(v.arguments)
    for v in m.outputs:
        op.outputs.setdefault(v.parameter, []).extend(v.arguments)
    for a in m.attrs:
        value, kind = _attr_from_pb(a)
        op.attrs[a.name] = value
        op.attr_types[a.name] = kind  # type: ignore[assignment]
    if m.HasField("is_target"):
        op.is_target = m.is_target
    return op


def _op_fresh(op: OpDesc, orig: Message | None) -> Message:
    m = _blank_like(pb.OpDesc, orig)
    m.type = op.type
    for slot, names in op.inputs.items():
        m.inputs.add(parameter=slot, arguments=list(names))
    for slot, names in op.outputs.items():
        m.outputs.add(parameter=slot, arguments=list(names))
    # Reuse an original attribute message whenever the value is unchanged.
    orig_attrs = {a.name: a for a in orig.attrs} if orig is not None else {}
    for name, value in op.attrs.items():
        kind = op.attr_types.get(name)
        if kind is None:
            kind = infer_attr_type(value)
        out = m.attrs.add()
        try:
            _attr_to_pb(name, value, kind, out)
        except (TypeError, ValueError) as e:
            raise ValueError(f"op '{op.type}': attribute '{name}' = {value!r} cannot be "
                             f"written as {_kind_name(kind)}: {e}") from e
        old = orig_attrs.get(name)
        if old is not None and old.type == out.type:
            old_value, old_kind = _attr_from_pb(old)
            again = pb.OpDesc.Attr()
            _attr_to_pb(name, old_value, old_kind, again)
            if again.SerializeToString() == out.SerializeToString():
                out.CopyFrom(old)
    if op.is_target is not None:
        m.is_target = bool(op.is_target)
    return m


def _kind_name(kind: AttrType | int) -> str:
    return kind.name if isinstance(kind, AttrType) else f"attribute type {kind}"


# ---------------------------------------------------------------------------
# vars
# ---------------------------------------------------------------------------
def _var_from_pb(m: Message) -> VarDesc:
    t = m.type
    extra: dict[str, Any] = {}
    try:
        kind = VarType(t.type)
    except ValueError:
        kind = VarType.RAW
        extra[RAW_VAR_TYPE_KEY] = t.type
    v = VarDesc(m.name, type=kind, dtype=None, extra=extra)
    field = _TENSOR_FIELD.get(int(t.type))
    if field is not None and t.HasField(field):
        holder = getattr(t, field)
        tensor = holder.tensor if field in _WITH_LOD else holder
        v.shape = [int(d) for d in tensor.dims]
        try:
            v.dtype = VarType(tensor.data_type).to_phi()
        except (ValueError, TypeError):
            extra[RAW_DTYPE_KEY] = tensor.data_type
        if field in _WITH_LOD:
            v.lod_level = int(holder.lod_level)
    if t.HasField("reader"):
        extra[READER_KEY] = _copy(t.reader)
    if t.HasField("tuple"):
        extra[TUPLE_KEY] = _copy(t.tuple)
    v.persistable = m.persistable
    v.need_check_feed = m.need_check_feed
    v.is_parameter = m.is_parameter
    v.stop_gradient = m.stop_gradient
    if len(m.attrs):
        attrs: dict[str, Any] = {}
        types: dict[str, Any] = {}
        for a in m.attrs:
            types[a.name] = AttrType(a.type) if a.type in _ATTR_TYPE_VALUES else a.type
            if a.type == AttrType.INT:
                attrs[a.name] = int(a.i)
            elif a.type == AttrType.STRING:
                attrs[a.name] = a.s
            elif a.type == AttrType.INTS:
                attrs[a.name] = [int(x) for x in a.ints]
            else:
                attrs[a.name] = _copy(a)
        extra[VAR_ATTRS_KEY] = attrs
        extra[VAR_ATTR_TYPES_KEY] = types
    return v


def _var_fresh(v: VarDesc, orig: Message | None) -> Message:
    m = _blank_like(pb.VarDesc, orig)
    m.name = v.name
    orig_t = orig.type if orig is not None else None
    t = m.type
    _adopt_unknown(t, orig_t)
    raw_type = v.extra.get(RAW_VAR_TYPE_KEY)
    t.type = int(raw_type) if raw_type is not None and v.type == VarType.RAW else int(v.type)
    field = _TENSOR_FIELD.get(int(t.type))
    raw_dtype = v.extra.get(RAW_DTYPE_KEY)
    if field is not None and (v.dtype is not None or raw_dtype is not None):
        data_type = int(VarType.from_phi(v.dtype)) if v.dtype is not None else int(raw_dtype)
        holder = getattr(t, field)
        orig_holder = (getattr(orig_t, field) if orig_t is not None and orig_t.HasField(field)
                       else None)
        if field in _WITH_LOD:
            _adopt_unknown(holder, orig_holder)
            tensor = holder.tensor
            orig_tensor = orig_holder.tensor if orig_holder is not None else None
        else:
            tensor, orig_tensor = holder, orig_holder
        _adopt_unknown(tensor, orig_tensor)
        tensor.data_type = data_type
        tensor.dims.extend(int(d) for d in v.shape)
        if field in _WITH_LOD:
            _set_optional(holder, "lod_level", int(v.lod_level), 0, orig_holder)
    if READER_KEY in v.extra:
        t.reader.CopyFrom(v.extra[READER_KEY])
    if TUPLE_KEY in v.extra:
        t.tuple.CopyFrom(v.extra[TUPLE_KEY])
    _set_optional(m, "persistable", bool(v.persistable), False, orig)
    _set_optional(m, "need_check_feed", bool(v.need_check_feed), False, orig)
    _set_optional(m, "is_parameter", bool(v.is_parameter), False, orig)
    _set_optional(m, "stop_gradient", bool(v.stop_gradient), False, orig)
    attrs = v.extra.get(VAR_ATTRS_KEY) or {}
    types = v.extra.get(VAR_ATTR_TYPES_KEY) or {}
    for name, value in attrs.items():
        out = m.attrs.add()
        if isinstance(value, Message):
            out.CopyFrom(value)
            continue
        kind = types.get(name)
        if kind is None:
            kind = (AttrType.STRING if isinstance(value, str) else
                    AttrType.INTS if isinstance(value, (list, tuple)) else AttrType.INT)
        out.name, out.type = name, int(kind)
        if kind == AttrType.INT:
            out.i = _checked_int(value, _INT32)
        elif kind == AttrType.STRING:
            out.s = value
        elif kind == AttrType.INTS:
            out.ints.extend(_checked_int(x, _INT32) for x in value)
        else:
            raise ValueError(f"var '{v.name}': attribute '{name}' has type {kind}; "
                             "var attributes may only be INT, STRING or INTS")
    return m


# ---------------------------------------------------------------------------
# blocks and programs (headers only: children are handled by the walkers)
# ---------------------------------------------------------------------------
def _block_from_pb(m: Message) -> BlockDesc:
    b = BlockDesc(m.idx, m.parent_idx)
    if m.HasField("forward_block_idx"):
        b.forward_block_idx = m.forward_block_idx
    return b


def _block_header_fresh(b: BlockDesc, orig: Message | None) -> Message:
    m = _blank_like(pb.BlockDesc, orig)
    m.idx, m.parent_idx = int(b.idx), int(b.parent_idx)
    if b.forward_block_idx is not None:
        m.forward_block_idx = int(b.forward_block_idx)
    return m


def _program_header_fresh(p: ProgramDesc, orig: Message | None) -> Message:
    m = _blank_like(pb.ProgramDesc, orig)
    if OP_COMPATIBLE_MAP_KEY in p.extra:
        m.op_compatible_map.CopyFrom(p.extra[OP_COMPATIBLE_MAP_KEY])
    if p.version is not None:
        orig_version = orig.version if orig is not None and orig.HasField("version") else None
        _adopt_unknown(m.version, orig_version)
        _set_optional(m.version, "version", int(p.version), 0, orig_version)
    if p.op_version_map is not None:
        m.op_version_map.SetInParent()
        for name, version in p.op_version_map.items():
            m.op_version_map.pair.add(op_name=name).op_version.version = int(version)
    return m


def _header_copy(msg: Message, children: tuple[str, ...]) -> Message:
    h = _copy(msg)
    for c in children:
        h.ClearField(c)
    return h


def _fresh_bytes(m: Message) -> bytes:
    return m.SerializePartialToString()


# ---------------------------------------------------------------------------
# public API
# ---------------------------------------------------------------------------
def program_from_bytes(data: bytes, *, source: str | os.PathLike[str] | None = None
                       ) -> ProgramDesc:
    """Parse a serialized ProgramDesc (`source` names the file in errors)."""
    msg = pb.ProgramDesc()
    try:
        msg.ParseFromString(bytes(data))
    except (DecodeError, UnicodeDecodeError, ValueError, RuntimeError) as e:
        raise ModelFormatError(f"not a valid Paddle program (protobuf ProgramDesc): {e}",
                               path=source) from e
    if len(msg.blocks) == 0:
        raise ModelFormatError("not a valid Paddle program: it has no blocks",
                               path=source, expected="at least 1 block", found="0")
    return program_from_message(msg)


def program_from_message(msg: Message) -> ProgramDesc:
    """Convert a parsed `framework_pb2.ProgramDesc` (kept as the origin of the result)."""
    blocks: list[BlockDesc] = []
    for bm in msg.blocks:
        b = _block_from_pb(bm)
        for vm in bm.vars:
            v = _var_from_pb(vm)
            v.extra[ORIGIN_KEY] = _Origin(vm, _fresh_bytes(_var_fresh(v, None)))
            # A repeated name (never written by Paddle) keeps the last one, as Paddle does.
            b.vars.pop(v.name, None)
            b.vars[v.name] = v
        for om in bm.ops:
            op = _op_from_pb(om)
            op.extra[ORIGIN_KEY] = _Origin(om, _fresh_bytes(_op_fresh(op, None)))
            b.ops.append(op)
        b.extra[ORIGIN_KEY] = _Origin(_header_copy(bm, ("vars", "ops")),
                                      _fresh_bytes(_block_header_fresh(b, None)))
        blocks.append(b)
    program = ProgramDesc(blocks)
    if msg.HasField("version"):
        program.version = int(msg.version.version)
    if msg.HasField("op_version_map"):
        program.op_version_map = {p.op_name: int(p.op_version.version)
                                  for p in msg.op_version_map.pair}
    if msg.HasField("op_compatible_map"):
        program.extra[OP_COMPATIBLE_MAP_KEY] = _copy(msg.op_compatible_map)
    program.extra[ORIGIN_KEY] = _Origin(_header_copy(msg, ("blocks",)),
                                        _fresh_bytes(_program_header_fresh(program, None)))
    return program


def _emit(fresh_fn: Callable[[Any, Message | None], Message], desc: Any,
          origin: _Origin | None, out: Message) -> None:
    """Write `desc` into `out`: its original message if unchanged, else a fresh one.

    "Unchanged" means that the desc encodes (without looking at its origin) to
    the same bytes as right after it was read. An edited desc is encoded again,
    this time keeping what it can of its origin (optional fields that were set,
    unchanged attribute messages, unknown fields).
    """
    if origin is None:
        out.CopyFrom(fresh_fn(desc, None))
    elif _fresh_bytes(fresh_fn(desc, None)) == origin.fresh:
        out.CopyFrom(origin.message)
    else:
        out.CopyFrom(fresh_fn(desc, origin.message))


def program_to_message(program: ProgramDesc) -> Message:
    """Build the `framework_pb2.ProgramDesc` for `program`."""
    msg = pb.ProgramDesc()
    _emit(_program_header_fresh, program, _origin(program.extra), msg)
    for b in program.blocks:
        bm = msg.blocks.add()
        _emit(_block_header_fresh, b, _origin(b.extra), bm)
        for v in b.vars.values():
            try:
                _emit(_var_fresh, v, _origin(v.extra), bm.vars.add())
            except (TypeError, ValueError) as e:
                raise ValueError(f"block {b.idx}: var '{v.name}' cannot be written: {e}") from e
        for i, op in enumerate(b.ops):
            try:
                _emit(_op_fresh, op, _origin(op.extra), bm.ops.add())
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
    try:
        data = p.read_bytes()
    except FileNotFoundError as e:
        raise MissingModelFileError("model file not found", path=p) from e
    except IsADirectoryError as e:  # pragma: no cover - handled above
        raise ModelFormatError("expected a model file, found a directory", path=p) from e
    return program_from_bytes(data, source=p)


def save_program(program: ProgramDesc, path: str | os.PathLike[str]) -> None:
    """Write `program` to `path` atomically (a temp file, then a rename)."""
    atomic_write_bytes(path, program_to_bytes(program))


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes | Callable[[Any], None]
                       ) -> None:
    """Write `path` via a temp file in the same directory and `os.replace`.

    `data` is the content, or a function that writes it to the open file.
    Either the old file or the complete new one exists at every moment.
    """
    import tempfile

    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            if callable(data):
                data(f)
            else:
                f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


# ---------------------------------------------------------------------------
# program queries used by the loaders
# ---------------------------------------------------------------------------
def _targets(program: ProgramDesc, op_types: tuple[str, ...], slot: str) -> list[str]:
    found: list[tuple[int, int, str]] = []
    for pos, op in enumerate(program.global_block().ops):
        if op.type in op_types:
            names = op.outputs.get(slot) if slot == "Out" else op.inputs.get(slot)
            if names:
                found.append((int(op.attrs.get("col", pos)), pos, names[0]))
    return [name for _, _, name in sorted(found)]


def feed_target_names(program: ProgramDesc) -> list[str]:
    """Names fed by the global block's `feed` ops, in `col` order."""
    return _targets(program, ("feed",), "Out")


def fetch_target_names(program: ProgramDesc) -> list[str]:
    """Names read by the global block's `fetch` ops, in `col` order."""
    return _targets(program, ("fetch", "fetch_v2"), "X")


def persistable_var_names(program: ProgramDesc) -> list[str]:
    """Sorted names of the global block's vars stored in a params file.

    Persistable vars except the feed/fetch holders and reader/raw vars, the
    set and order Paddle's `save_inference_model` writes.
    """
    return sorted({v.name for v in program.global_block().vars.values()
                   if v.persistable and v.type not in _NOT_SAVED_TYPES})
