"""OpDesc, VarDesc and block/program headers <-> their protobuf messages.

Each `*_from_pb` builds a desc from a message; each `*_fresh` encodes a desc
anew, given the message it came from (or None) so that optional fields that
were set and unknown fields survive. Blocks and programs are converted as
headers only: `program_io` walks their children.
"""

from __future__ import annotations

from typing import Any

from google.protobuf.message import Message

from legacy_fluid.framework.program_desc import BlockDesc, OpDesc, ProgramDesc, VarDesc
from legacy_fluid.framework.var_type import AttrType, VarType
from legacy_fluid.io.attr_codec import (
    INT32,
    attr_from_pb,
    attr_to_pb,
    checked_int,
    infer_attr_type,
)
from legacy_fluid.io.pb_origin import adopt_unknown, blank_like, copy_message, set_optional
from legacy_fluid.io.pb_text import text, texts
from legacy_fluid.proto import framework_pb2 as pb

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


def op_from_pb(m: Message) -> OpDesc:
    op = OpDesc(text(m.type, "op type"))
    for v in m.inputs:
        slot = text(v.parameter, "input slot name")
        op.inputs.setdefault(slot, []).extend(texts(v.arguments, f"input '{slot}' var name"))
    for v in m.outputs:
        slot = text(v.parameter, "output slot name")
        op.outputs.setdefault(slot, []).extend(texts(v.arguments, f"output '{slot}' var name"))
    for a in m.attrs:
        name = text(a.name, "attribute name")
        value, kind = attr_from_pb(a)
        op.attrs[name] = value
        op.attr_types[name] = kind  # type: ignore[assignment]
    if m.HasField("is_target"):
        op.is_target = m.is_target
    return op


def op_fresh(op: OpDesc, orig: Message | None) -> Message:
    m = blank_like(pb.OpDesc, orig)
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
            attr_to_pb(name, value, kind, out)
        except (TypeError, ValueError) as e:
            raise ValueError(f"op '{op.type}': attribute '{name}' = {value!r} cannot be "
                             f"written as {_kind_name(kind)}: {e}") from e
        old = orig_attrs.get(name)
        if old is not None and old.type == out.type:
            old_value, old_kind = attr_from_pb(old)
            again = pb.OpDesc.Attr()
            attr_to_pb(name, old_value, old_kind, again)
            if again.SerializeToString() == out.SerializeToString():
                out.CopyFrom(old)
    if op.is_target is not None:
        m.is_target = bool(op.is_target)
    return m


def var_from_pb(m: Message) -> VarDesc:
    t = m.type
    extra: dict[str, Any] = {}
    try:
        kind = VarType(t.type)
    except ValueError:
        kind = VarType.RAW
        extra[RAW_VAR_TYPE_KEY] = t.type
    v = VarDesc(text(m.name, "var name"), type=kind, dtype=None, extra=extra)
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
        extra[READER_KEY] = copy_message(t.reader)
    if t.HasField("tuple"):
        extra[TUPLE_KEY] = copy_message(t.tuple)
    v.persistable = m.persistable
    v.need_check_feed = m.need_check_feed
    v.is_parameter = m.is_parameter
    v.stop_gradient = m.stop_gradient
    if len(m.attrs):
        attrs: dict[str, Any] = {}
        types: dict[str, Any] = {}
        for a in m.attrs:
            name = text(a.name, "var attribute name")
            types[name] = AttrType(a.type) if a.type in _ATTR_TYPE_VALUES else a.type
            if a.type == AttrType.INT:
                attrs[name] = int(a.i)
            elif a.type == AttrType.STRING and isinstance(a.s, str):
                attrs[name] = a.s
            elif a.type == AttrType.INTS:
                attrs[name] = [int(x) for x in a.ints]
            else:
                attrs[name] = copy_message(a)
        extra[VAR_ATTRS_KEY] = attrs
        extra[VAR_ATTR_TYPES_KEY] = types
    return v


def var_fresh(v: VarDesc, orig: Message | None) -> Message:
    m = blank_like(pb.VarDesc, orig)
    m.name = v.name
    orig_t = orig.type if orig is not None else None
    t = m.type
    adopt_unknown(t, orig_t)
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
            adopt_unknown(holder, orig_holder)
            tensor = holder.tensor
            orig_tensor = orig_holder.tensor if orig_holder is not None else None
        else:
            tensor, orig_tensor = holder, orig_holder
        adopt_unknown(tensor, orig_tensor)
        tensor.data_type = data_type
        tensor.dims.extend(int(d) for d in v.shape)
        if field in _WITH_LOD:
            set_optional(holder, "lod_level", int(v.lod_level), 0, orig_holder)
    if READER_KEY in v.extra:
        t.reader.CopyFrom(v.extra[READER_KEY])
    if TUPLE_KEY in v.extra:
        t.tuple.CopyFrom(v.extra[TUPLE_KEY])
    set_optional(m, "persistable", bool(v.persistable), False, orig)
    set_optional(m, "need_check_feed", bool(v.need_check_feed), False, orig)
    set_optional(m, "is_parameter", bool(v.is_parameter), False, orig)
    set_optional(m, "stop_gradient", bool(v.stop_gradient), False, orig)
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
            out.i = checked_int(value, INT32)
        elif kind == AttrType.STRING:
            out.s = value
        elif kind == AttrType.INTS:
            out.ints.extend(checked_int(x, INT32) for x in value)
        else:
            raise ValueError(f"var '{v.name}': attribute '{name}' has type {kind}; "
                             "var attributes may only be INT, STRING or INTS")
    return m


def block_from_pb(m: Message) -> BlockDesc:
    b = BlockDesc(m.idx, m.parent_idx)
    if m.HasField("forward_block_idx"):
        b.forward_block_idx = m.forward_block_idx
    return b


def block_header_fresh(b: BlockDesc, orig: Message | None) -> Message:
    m = blank_like(pb.BlockDesc, orig)
    m.idx, m.parent_idx = int(b.idx), int(b.parent_idx)
    if b.forward_block_idx is not None:
        m.forward_block_idx = int(b.forward_block_idx)
    return m


def program_header_fresh(p: ProgramDesc, orig: Message | None) -> Message:
    m = blank_like(pb.ProgramDesc, orig)
    if OP_COMPATIBLE_MAP_KEY in p.extra:
        m.op_compatible_map.CopyFrom(p.extra[OP_COMPATIBLE_MAP_KEY])
    if p.version is not None:
        orig_version = orig.version if orig is not None and orig.HasField("version") else None
        adopt_unknown(m.version, orig_version)
        set_optional(m.version, "version", int(p.version), 0, orig_version)
    if p.op_version_map is not None:
        m.op_version_map.SetInParent()
        for name, version in p.op_version_map.items():
            m.op_version_map.pair.add(op_name=name).op_version.version = int(version)
    return m


def _kind_name(kind: AttrType | int) -> str:
    return kind.name if isinstance(kind, AttrType) else f"attribute type {kind}"
