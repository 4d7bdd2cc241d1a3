"""The proto of a plain op, derived from phi/ops.yaml (or backward.yaml) and phi/op_compat.yaml.

A plain op registers no maker (`register_operator("scale", ScaleOp)`); its proto is its
PHI op's entry read the legacy way, as Paddle generates the makers of such ops:

- inputs: the entry's tensor arguments in order (`Tensor?` dispensable, `Tensor[]`
  duplicable), then for each tensor-fed attribute (op_compat `scalar` / `int_array`) its
  `tensor_name` (dispensable) and `tensors_name` (dispensable, duplicable), then the
  `extra.inputs` (dispensable, extra);
- outputs: the entry's outputs (`Tensor[]` duplicable, optional dispensable; a grad op's
  `Tensor[]` output is dispensable too, as some of the list may need no gradient), then
  the `extra.outputs` (dispensable, extra);
- attributes: the entry's attribute arguments with their types and defaults, then the
  `legacy_attrs` (attributes of the legacy op no kernel takes), then the `extra.attrs`
  (extra), then the attributes every op carries.

A legacy name is the op_compat rename (`inputs : {x : Input}`), else the PHI name in
CamelCase (`x` -> `X`, `x_shape` -> `XShape`) for tensors and the PHI name itself for
attributes. A tensor-fed Scalar / IntArray attribute takes its legacy type from the
entry's `data_type` (float, int, int64_t, double, bool, std::string). A grad op's
attribute with no default in backward.yaml has its forward op's default; a DataType
default is stored as its VarType number, as the legacy proto stores dtypes
(`DataType::UNDEFINED`, no dtype given, as -1).
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from legacy_fluid.framework.op_proto import COMMON_ATTRS, AttrProto, OpProto, VarProto
from legacy_fluid.framework.var_type import AttrType, VarType
from phi.common import DataType
from phi.op_defs import (
    ArgDef,
    ArgType,
    ExtraAttrDef,
    OpCompatDef,
    OpDef,
    TensorAttrDef,
    TensorAttrKind,
    op_compat_of,
    op_def,
)
from phi.op_defs.parse import parse_default


class ProtoDerivationError(LookupError):
    """A plain op whose yaml cannot give its proto."""


#: an ops.yaml argument type -> the legacy attribute type it is stored as
ATTR_TYPE_OF_ARG = {
    ArgType.BOOL: AttrType.BOOLEAN, ArgType.INT: AttrType.INT, ArgType.INT64: AttrType.LONG,
    ArgType.FLOAT: AttrType.FLOAT, ArgType.DOUBLE: AttrType.FLOAT64,
    ArgType.STR: AttrType.STRING, ArgType.BOOLS: AttrType.BOOLEANS,
    ArgType.INTS: AttrType.INTS, ArgType.INT64S: AttrType.LONGS,
    ArgType.FLOATS: AttrType.FLOATS, ArgType.DOUBLES: AttrType.FLOAT64S,
    ArgType.STRS: AttrType.STRINGS, ArgType.SCALAR: AttrType.FLOAT,
    ArgType.SCALARS: AttrType.SCALARS, ArgType.INT_ARRAY: AttrType.INTS,
    ArgType.DATA_TYPE: AttrType.INT, ArgType.DATA_LAYOUT: AttrType.STRING,
}
#: op_compat `data_type` of a tensor-fed attribute -> its legacy type (Scalar, IntArray)
_FED_TYPE = {
    TensorAttrKind.SCALAR: {"float": AttrType.FLOAT, "int": AttrType.INT,
                            "int64_t": AttrType.LONG, "double": AttrType.FLOAT64,
                            "bool": AttrType.BOOLEAN, "std::string": AttrType.STRING},
    TensorAttrKind.INT_ARRAY: {"int": AttrType.INTS, "int64_t": AttrType.LONGS},
}


def camel(name: str) -> str:
    """`x` -> `X`, `x_shape` -> `XShape`, `out_grad` -> `Out@GRAD`: a PHI tensor name as
    a legacy slot."""
    base, grad = (name[:-5], "@GRAD") if name.endswith("_grad") else (name, "")
    return "".join(part[:1].upper() + part[1:] for part in base.split("_")) + grad


def _legacy_default(value: Any) -> Any:
    """An ops.yaml default as the legacy proto stores it (a DataType as its VarType)."""
    if isinstance(value, tuple):
        return [_legacy_default(v) for v in value]
    if value is DataType.UNDEFINED:  # "no dtype given": the legacy protos store -1
        return -1
    if isinstance(value, DataType):
        try:
            return int(VarType.from_phi(value))
        except TypeError as err:
            raise ProtoDerivationError(f"a default of {err}") from None
    if isinstance(value, Enum):
        return value.value
    return value


def _fed(arg: ArgDef, entry: OpCompatDef | None) -> TensorAttrDef | None:
    """The op_compat `scalar` / `int_array` spec of attribute `arg`, keyed by its legacy name
    (as the argument mapping reads it: `pow`'s `y` is fed as `factor`)."""
    if entry is None:
        return None
    return entry.tensor_attr(dict(entry.attrs).get(arg.name, arg.name))


def _attr(arg: ArgDef, entry: OpCompatDef | None, forward: dict[str, ArgDef]) -> AttrProto:
    renames = dict(entry.attrs) if entry else {}
    fed = _fed(arg, entry)
    attr_type = ATTR_TYPE_OF_ARG[arg.type]
    if fed is not None and fed.data_type is not None:
        attr_type = _FED_TYPE[fed.kind].get(fed.data_type, attr_type)
    if not arg.has_default and arg.name in forward:  # a grad op's attribute: the forward's
        arg = forward[arg.name]
    default = _legacy_default(arg.default) if arg.has_default else None
    if attr_type in (AttrType.FLOAT, AttrType.FLOAT64) and isinstance(default, int) \
            and not isinstance(default, bool):
        default = float(default)
    return AttrProto(renames.get(arg.name, arg.name), attr_type, default)


def _listed_attr(spec: ExtraAttrDef, extra: bool) -> AttrProto:
    """An attribute op_compat lists (`legacy_attrs`, `extra.attrs`: `bool use_cudnn = false`)."""
    default = None if spec.default is None else _legacy_default(parse_default(spec.default))
    attr_type = ATTR_TYPE_OF_ARG[spec.type]
    if attr_type in (AttrType.FLOAT, AttrType.FLOAT64) and isinstance(default, int) \
            and not isinstance(default, bool):
        default = float(default)
    return AttrProto(spec.name, attr_type, default, extra=extra)


def phi_def(op_type: str, entry: OpCompatDef | None) -> OpDef:
    """The ops.yaml / backward.yaml entry of legacy op `op_type` (`entry` its op_compat
    entry, which may rename it)."""
    phi_name = op_type
    if entry is not None:
        phi_name = next(n.phi for n in (entry.names, *entry.backward) if n.legacy == op_type)
    try:
        return op_def(phi_name)
    except KeyError:
        raise ProtoDerivationError(
            f"op '{op_type}' registers no maker and phi/ops.yaml / backward.yaml has no "
            f"entry '{phi_name}' to derive its proto from (add one, or pass a maker to "
            "register_operator)") from None


def derived_proto(op_type: str) -> OpProto:
    """`op_type`'s proto from its ops.yaml / backward.yaml entry and op_compat.yaml entry."""
    entry = op_compat_of(op_type)
    return proto_of(op_type, phi_def(op_type, entry), entry)


def proto_of(op_type: str, phi: OpDef, entry: OpCompatDef | None) -> OpProto:
    """The proto `phi` and `entry` give legacy op `op_type` (`tools/plain_op_converter.py`
    tries candidate entries with it)."""
    forward: dict[str, ArgDef] = {}
    if phi.forward is not None:
        try:
            forward = {a.name: a for a in op_def(phi.forward.op).attrs if a.has_default}
        except KeyError:
            forward = {}
    ins = dict(entry.inputs) if entry else {}
    outs = dict(entry.outputs) if entry else {}
    proto = OpProto(op_type)
    for arg in phi.inputs:
        proto.inputs.append(VarProto(ins.get(arg.name, camel(arg.name)),
                                     duplicable=arg.type is ArgType.TENSORS,
                                     dispensable=arg.optional))
    for arg in phi.attrs:
        fed = _fed(arg, entry)
        if fed is not None and fed.tensor_name:
            proto.inputs.append(VarProto(fed.tensor_name, dispensable=True))
        if fed is not None and fed.tensors_name:
            proto.inputs.append(VarProto(fed.tensors_name, duplicable=True, dispensable=True))
        proto.attrs.append(_attr(arg, entry, forward))
    if entry is not None:
        proto.attrs.extend(_listed_attr(spec, extra=False) for spec in entry.legacy_attrs)
    for out in phi.outputs:
        skippable = out.is_list and phi.is_backward
        proto.outputs.append(VarProto(outs.get(out.name, camel(out.name)),
                                      duplicable=out.is_list,
                                      dispensable=out.optional or skippable))
    if entry is not None:
        proto.inputs.extend(VarProto(name, dispensable=True, extra=True)
                            for name in entry.extra.inputs)
        proto.outputs.extend(VarProto(name, dispensable=True, extra=True)
                             for name in entry.extra.outputs)
        proto.attrs.extend(_listed_attr(spec, extra=True) for spec in entry.extra.attrs)
    known = {a.name for a in proto.attrs}
    proto.attrs.extend(a for a in COMMON_ATTRS if a.name not in known)
    return proto
