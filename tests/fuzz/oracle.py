"""Did a program mutation change anything the program uses?

`used_digest` is the serialized program with what cannot change a run's
answer taken out: the version and op-version maps, attributes only the
framework reads (`op_callstack`, `op_role`, ...), `is_target`, variables no op
names and that are not parameters, the bookkeeping flags of variables, and
fields the parser does not know. A mutant that runs (exit 0) with the same
digest as its original must give the original's outputs, bit for bit.
"""

from __future__ import annotations

from google.protobuf.message import DecodeError

from legacy_fluid.proto import framework_pb2 as pb

INERT_ATTRS = frozenset({"op_callstack", "op_namescope", "op_device", "op_role",
                         "op_role_var", "with_quant_attr"})


def _copy(msg):
    out = type(msg)()
    out.CopyFrom(msg)
    return out


def used_digest(data: bytes) -> bytes | None:
    """The used part of a serialized ProgramDesc (None: protobuf cannot parse it)."""
    msg = pb.ProgramDesc()
    try:
        msg.ParseFromString(data)
    except (DecodeError, ValueError, RuntimeError):
        return None
    msg.DiscardUnknownFields()
    msg.ClearField("version")
    msg.ClearField("op_version_map")
    msg.ClearField("op_compatible_map")
    for block in msg.blocks:
        named = {a for op in block.ops for slot in (*op.inputs, *op.outputs)
                 for a in slot.arguments}
        for op in block.ops:
            op.ClearField("is_target")
            keep = [_copy(a) for a in op.attrs if a.name not in INERT_ATTRS]
            del op.attrs[:]
            op.attrs.extend(keep)
        keep_vars = [_copy(v) for v in block.vars if v.name in named or v.persistable]
        del block.vars[:]
        block.vars.extend(keep_vars)
        for v in block.vars:
            for flag in ("need_check_feed", "is_parameter", "stop_gradient"):
                v.ClearField(flag)
    return msg.SerializePartialToString(deterministic=True)
