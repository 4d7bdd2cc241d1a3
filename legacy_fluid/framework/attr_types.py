"""Attribute values stored with another type than the op's proto declares.

An op reads each attribute as the type its proto declares. Paddle 3.3.1 converts a
few stored types when an op reads them and refuses every other mismatch ("Cannot get
attribute (axis) by type int, its type is float"): a BOOLEAN may be stored as INT or
FLOAT (nonzero is true), a LONG as INT or FLOAT, a FLOAT as INT or LONG, a FLOAT64 as
INT, LONG or FLOAT, LONGS as INTS or FLOATS, FLOAT64S as INTS or FLOATS. Where that
conversion changes the value (Paddle truncates a FLOAT 3.7 stored for a LONG to 3, a
FLOAT stored for a FLOAT64 goes through an integer, an INT 16777217 becomes the float
16777216), fluidphi refuses the attribute instead of guessing what was meant. An empty
list is accepted as any list type (it holds no value to convert). An attribute given by
a variable (VAR / VARS) is refused: fluidphi computes from attribute values only.

`attr_type_problems` lists what a program holds of these (load-time validation and
`fluidphi check`); `declared_value` converts an accepted value (`create_op`, so every path
sees the declared type). Both apply the same rule, `_convert`.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import numpy as np

from legacy_fluid.framework.op_proto import OpProto
from legacy_fluid.framework.var_type import AttrType
from phi.common import Scalar

__all__ = ["AttrTypeError", "attr_type_problems", "declared_value", "typed_as_declared"]

_A = AttrType
#: declared type -> the stored types Paddle 3.3.1 converts to it.
PADDLE_CONVERTS: dict[AttrType, frozenset[AttrType]] = {
    _A.BOOLEAN: frozenset({_A.INT, _A.FLOAT}),
    _A.LONG: frozenset({_A.INT, _A.FLOAT}),
    _A.FLOAT: frozenset({_A.INT, _A.LONG}),
    _A.FLOAT64: frozenset({_A.INT, _A.LONG, _A.FLOAT}),
    _A.LONGS: frozenset({_A.INTS, _A.FLOATS}),
    _A.FLOAT64S: frozenset({_A.INTS, _A.FLOATS}),
}
_LIST_KINDS = frozenset({_A.INTS, _A.FLOATS, _A.STRINGS, _A.BOOLEANS, _A.BLOCKS, _A.LONGS,
                         _A.FLOAT64S, _A.SCALARS})
_VARIABLE_KINDS = frozenset({_A.VAR, _A.VARS})
_INT32 = (-(2**31), 2**31)
_INT64 = (-(2**63), 2**63)


class AttrTypeError(ValueError):
    """An attribute's stored type is one its op does not take (the message says why)."""


def _integral(v: Any, bounds: tuple[int, int]) -> int:
    if isinstance(v, float) and math.isfinite(v) and v == int(v) and \
            bounds[0] <= int(v) < bounds[1]:
        return int(v)
    raise AttrTypeError(f"Paddle would truncate {v!r} to an integer")


def _float32(v: int) -> float:
    f = float(np.float32(v)) if abs(v) < 2**128 else math.inf
    if f != v:
        raise AttrTypeError(f"Paddle would round {v} to the float {f!r}")
    return f


def _float64(v: Any) -> float:
    if isinstance(v, float):  # Paddle converts a FLOAT to FLOAT64 through an int64
        return float(_integral(v, _INT64))
    if abs(v) >= 2**1023 or float(v) != v:
        raise AttrTypeError(f"Paddle would round {v} to a float")
    return float(v)


def _convert(declared: AttrType, stored: AttrType, value: Any) -> Any:
    """`value` as the declared type, or AttrTypeError."""
    if stored in _VARIABLE_KINDS:
        raise AttrTypeError(f"it is given by variable {value!r}, and fluidphi reads "
                            "attribute values only")
    if declared == stored:
        return value
    if declared in _LIST_KINDS and stored in _LIST_KINDS and isinstance(value, list) \
            and not value:
        return []
    if stored not in PADDLE_CONVERTS.get(declared, ()):
        raise AttrTypeError("Paddle 3.3.1 refuses it too")
    if declared == _A.BOOLEAN:
        return bool(value)
    if declared == _A.LONG:
        return value if stored == _A.INT else _integral(value, _INT32)
    if declared == _A.FLOAT:
        return _float32(value)
    if declared == _A.FLOAT64:
        return _float64(value)
    if declared == _A.LONGS:
        return list(value) if stored == _A.INTS else [_integral(v, _INT64) for v in value]
    return [float(v) for v in value]  # FLOAT64S from INTS (int32) or FLOATS: exact


def _describe(stored: AttrType, value: Any) -> str:
    if stored == _A.FLOAT and isinstance(value, float):
        value = float(str(np.float32(value)))  # 0.7, not 0.699999988079071
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _as_declared(proto: OpProto, name: str, stored: Any, value: Any) -> Any:
    attr = proto.attr(name)
    if attr is None or not isinstance(stored, AttrType):
        return value
    try:
        return _convert(attr.type, stored, value)
    except AttrTypeError as e:
        shown = _describe(stored, value)
        raise AttrTypeError(f"attribute '{name}' is stored as {stored.name} ({shown}); "
                            f"the op declares {attr.type.name}: {e}") from None


def declared_value(op_type: str, proto: OpProto, name: str, stored: Any, value: Any) -> Any:
    """`value` (stored with type `stored`) as the type `proto` declares for attribute
    `name`; unchanged for an attribute the proto does not declare or an unknown type."""
    try:
        return _as_declared(proto, name, stored, value)
    except AttrTypeError as e:
        raise AttrTypeError(f"op '{op_type}': {e}") from None


def attr_type_problems(proto: OpProto, attrs: dict[str, Any], attr_types: dict[str, Any]
                       ) -> Iterator[str]:
    """One sentence per attribute whose stored type the op does not take (the caller
    names the op)."""
    for name, stored in attr_types.items():
        try:
            _as_declared(proto, name, stored, attrs.get(name))
        except AttrTypeError as e:
            yield str(e)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _fits(declared: AttrType, value: Any) -> bool:
    if declared in (_A.INT, _A.BLOCK):
        return _is_int(value) and _INT32[0] <= value < _INT32[1]
    if declared == _A.LONG:
        return _is_int(value) and _INT64[0] <= value < _INT64[1]
    if declared in (_A.FLOAT, _A.FLOAT64):
        return _is_int(value) or isinstance(value, float)
    if declared == _A.BOOLEAN:
        return isinstance(value, bool)
    if declared == _A.STRING:
        return isinstance(value, str)
    if declared == _A.SCALAR:
        return isinstance(value, (int, float, complex, Scalar))
    if declared == _A.SCALARS:
        return isinstance(value, (list, tuple)) and all(_fits(_A.SCALAR, v) for v in value)
    if declared in _LIST_KINDS and isinstance(value, (list, tuple)):
        item = {_A.INTS: _A.INT, _A.BLOCKS: _A.BLOCK, _A.LONGS: _A.LONG, _A.FLOATS: _A.FLOAT,
                _A.FLOAT64S: _A.FLOAT64, _A.BOOLEANS: _A.BOOLEAN, _A.STRINGS: _A.STRING
                }.get(declared)
        return item is not None and all(_fits(item, v) for v in value)
    return False


def typed_as_declared(proto: OpProto | None, name: str, value: Any
                      ) -> tuple[AttrType, Any] | None:
    """(declared type, value as that type) when a Python `value` set on an op in memory
    is one of the type its proto declares for `name` (an int for a BLOCK, LONG or FLOAT
    attribute, a list of ints for LONGS, numbers for SCALARS, [] for any list, ...), as
    Paddle's Python API types an attribute by the proto; None otherwise (the type is then
    inferred from the value)."""
    attr = proto.attr(name) if proto is not None else None
    if attr is None or not _fits(attr.type, value):
        return None
    if attr.type in (_A.FLOAT, _A.FLOAT64):
        return attr.type, float(value)
    if attr.type in (_A.FLOATS, _A.FLOAT64S):
        return attr.type, [float(v) for v in value]
    return attr.type, list(value) if isinstance(value, tuple) else value
