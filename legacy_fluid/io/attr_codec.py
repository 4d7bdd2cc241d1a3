"""OpDesc attributes: protobuf `OpDesc.Attr` messages <-> plain Python values.

`OpDesc.attr_types` keeps each attribute's kind, so it is written back as the
same kind:

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
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
from google.protobuf.message import Message

from legacy_fluid.framework.program_desc import BlockDesc
from legacy_fluid.framework.program_desc import infer_attr_type as infer_basic
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.io.pb_origin import copy_message
from legacy_fluid.proto import framework_pb2 as pb
from phi.common import DataType, Scalar

INT32 = (-(2**31), 2**31 - 1)
INT64 = (-(2**63), 2**63 - 1)


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
        out.type, out.i = pb.Scalar.LONG, checked_int(v, INT64)
    elif dtype.is_floating:
        out.type, out.r = pb.Scalar.FLOAT64, float(v)
    elif dtype.is_complex:
        c = complex(v)
        out.type = pb.Scalar.COMPLEX128
        out.c.r, out.c.i = c.real, c.imag
    else:
        raise ValueError(f"cannot store a {dtype} Scalar in a SCALAR attribute")


def checked_int(v: Any, bounds: tuple[int, int]) -> int:
    if isinstance(v, float) and not v.is_integer():
        raise ValueError(f"{v!r} is not an integer")
    i = int(v)
    if not bounds[0] <= i <= bounds[1]:
        raise ValueError(f"{i} does not fit in {'int32' if bounds == INT32 else 'int64'}")
    return i


def attr_from_pb(a: Message) -> tuple[Any, AttrType | int]:
    """(python value, attr type) of an OpDesc.Attr; raw message for unknown kinds."""
    try:
        kind = AttrType(a.type)
    except ValueError:
        return copy_message(a), a.type
    try:
        value = _ATTR_READERS[kind](a)
    except _UnconvertibleError:
        return copy_message(a), a.type
    return value, kind


def _text(value: Any) -> str:
    # upb hands back bytes for a string field that is not valid UTF-8; such an
    # attribute is kept as its raw message rather than guessed at.
    if not isinstance(value, str):
        raise _UnconvertibleError("string field is not valid UTF-8")
    return value


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


def attr_to_pb(name: str, value: Any, kind: AttrType | int, out: Message) -> None:
    """Fill `out` (an empty OpDesc.Attr) with `value` encoded as `kind`."""
    if isinstance(value, Message):  # unknown kind kept raw
        out.CopyFrom(value)
        out.name = name
        return
    kind = AttrType(kind)
    out.name, out.type = name, int(kind)
    if kind == AttrType.INT:
        out.i = checked_int(value, INT32)
    elif kind == AttrType.FLOAT:
        out.f = _f32(value)
    elif kind == AttrType.STRING:
        out.s = value
    elif kind == AttrType.INTS:
        out.ints.extend(checked_int(v, INT32) for v in _as_list(value))
    elif kind == AttrType.FLOATS:
        out.floats.extend(_f32(v) for v in _as_list(value))
    elif kind == AttrType.STRINGS:
        out.strings.extend(_as_list(value))
    elif kind == AttrType.BOOLEAN:
        out.b = bool(value)
    elif kind == AttrType.BOOLEANS:
        out.bools.extend(bool(v) for v in _as_list(value))
    elif kind == AttrType.BLOCK:
        out.block_idx = checked_int(_block_index(value), INT32)
    elif kind == AttrType.LONG:
        out.l = checked_int(value, INT64)
    elif kind == AttrType.BLOCKS:
        out.blocks_idx.extend(checked_int(_block_index(v), INT32) for v in _as_list(value))
    elif kind == AttrType.LONGS:
        out.longs.extend(checked_int(v, INT64) for v in _as_list(value))
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
