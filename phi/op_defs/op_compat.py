"""The legacy <-> PHI relation of phi/op_compat.yaml, parsed strictly into frozen dataclasses.

One entry per op whose legacy form differs from its PHI form, in Paddle's op_compat format:

    - op : phi_name (legacy_name)        # `- op : name` when both are spelled alike
      backward : phi_grad (legacy_grad)  # its grad ops, comma-separated
      inputs : {x : X}                   # PHI argument name : legacy slot (renames)
      outputs : {out : Out}
      attrs : {value : step}
      scalar :                           # a Scalar attribute a tensor can feed
        axis : {data_type : int, tensor_name : AxisTensor}
      int_array :                        # an IntArray attribute tensors can feed
        starts : {data_type : int, tensor_name : StartsTensor, tensors_name : StartsTensorList}
      legacy_attrs : [int axis = -1]     # legacy attributes (not extra) no kernel argument takes
      extra :                            # legacy slots no PHI kernel argument takes
        inputs : [Bias]
        attrs : [bool use_cudnn = false]
        outputs : [XShape]
      manual_signature : [legacy_name]   # a hand-written mapping function (compat/ops)

Every entry keeps its file and line; a problem raises `OpCompatError` naming them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from phi.common.vocabulary import Vocabulary
from phi.op_defs.model import ArgType
from phi.op_defs.yaml_loading import load_yaml_with_node

ENTRY_KEYS = ("op", "backward", "inputs", "outputs", "attrs", "scalar", "int_array",
              "legacy_attrs", "extra", "manual_signature")
TENSOR_ATTR_KEYS = ("data_type", "tensor_name", "tensors_name", "support_tensor")
EXTRA_KEYS = ("inputs", "attrs", "outputs")

_NAME = r"[A-Za-z_][A-Za-z0-9_@]*"
_OP_NAME = re.compile(rf"({_NAME})(?:\s*\(\s*({_NAME})\s*\))?\Z")
_EXTRA_ATTR = re.compile(rf"(\S+)\s+({_NAME})(?:\s*=\s*(.+))?\Z")
_SLOT = re.compile(rf"{_NAME}\Z")


class OpCompatError(ValueError):
    """op_compat.yaml does not say what the relation model allows."""

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where}: {problem}")


class TensorAttrKind(Vocabulary):
    """Which section a tensor-fed attribute comes from (and what the kernel takes)."""

    SCALAR = "scalar"
    INT_ARRAY = "int_array"


@dataclass(frozen=True)
class SourceLine:
    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass(frozen=True)
class OpNames:
    """`phi_name (legacy_name)`; `legacy` equals `phi` when the entry names one op."""

    phi: str
    legacy: str

    @property
    def renamed(self) -> bool:
        return self.phi != self.legacy


@dataclass(frozen=True)
class TensorAttrDef:
    """An attribute a tensor (`tensor_name`) or a list of tensors (`tensors_name`) can feed,
    preferred in that order over the attribute itself."""

    attr: str
    kind: TensorAttrKind
    data_type: str | None = None
    tensor_name: str | None = None
    tensors_name: str | None = None
    support_tensor: bool | None = None

    @property
    def tensor_slots(self) -> tuple[str, ...]:
        return tuple(s for s in (self.tensor_name, self.tensors_name) if s)


@dataclass(frozen=True)
class ExtraAttrDef:
    """`bool use_cudnn = false`: a legacy attribute no kernel argument takes."""

    type: ArgType
    name: str
    default: str | None = None


@dataclass(frozen=True)
class ExtraDef:
    inputs: tuple[str, ...] = ()
    attrs: tuple[ExtraAttrDef, ...] = ()
    outputs: tuple[str, ...] = ()

    @property
    def attr_names(self) -> tuple[str, ...]:
        return tuple(a.name for a in self.attrs)


@dataclass(frozen=True)
class OpCompatDef:
    """One `- op :` entry of op_compat.yaml."""

    names: OpNames
    source: SourceLine
    backward: tuple[OpNames, ...] = ()
    inputs: tuple[tuple[str, str], ...] = ()  # (PHI argument, legacy slot)
    outputs: tuple[tuple[str, str], ...] = ()
    attrs: tuple[tuple[str, str], ...] = ()
    scalar: tuple[TensorAttrDef, ...] = ()
    int_array: tuple[TensorAttrDef, ...] = ()
    extra: ExtraDef = ExtraDef()
    manual_signature: tuple[str, ...] = ()
    #: attributes of the legacy op (not extra: part of its definition) no kernel takes
    legacy_attrs: tuple[ExtraAttrDef, ...] = ()

    @property
    def unmapped_attr_names(self) -> tuple[str, ...]:
        """The legacy attributes no kernel argument takes: `legacy_attrs`, `extra.attrs`."""
        return (*(a.name for a in self.legacy_attrs), *self.extra.attr_names)

    @property
    def tensor_attrs(self) -> tuple[TensorAttrDef, ...]:
        return (*self.scalar, *self.int_array)

    def tensor_attr(self, attr: str) -> TensorAttrDef | None:
        return next((t for t in self.tensor_attrs if t.attr == attr), None)


def _names(text: Any, where: str, key: str) -> OpNames:
    match = _OP_NAME.match(str(text).strip()) if isinstance(text, str) else None
    if match is None:
        raise OpCompatError(where, f"`{key} : {text}` is not `phi_name` or "
                            "`phi_name (legacy_name)`")
    return OpNames(match[1], match[2] or match[1])


def _mapping(value: Any, where: str, key: str) -> dict[str, Any]:
    if not isinstance(value, dict) or not value:
        raise OpCompatError(where, f"`{key}` must be a non-empty mapping, got {value!r}")
    return value


def _slot(text: Any, where: str, key: str) -> str:
    if not isinstance(text, str) or not _SLOT.match(text):
        raise OpCompatError(where, f"`{key}`: {text!r} is not a slot or argument name")
    return text


def _renames(value: Any, where: str, key: str) -> tuple[tuple[str, str], ...]:
    pairs = tuple((_slot(phi, where, key), _slot(legacy, where, key))
                  for phi, legacy in _mapping(value, where, key).items())
    legacy = [p[1] for p in pairs]
    if len(set(legacy)) != len(legacy):
        raise OpCompatError(where, f"`{key}` maps two PHI names to one legacy name")
    return pairs


def _tensor_attrs(value: Any, kind: TensorAttrKind, where: str) -> tuple[TensorAttrDef, ...]:
    out = []
    for attr, spec in _mapping(value, where, kind.value).items():
        at = f"`{kind.value}` {attr!r}"
        spec = _mapping(spec, where, f"{kind.value}.{attr}")
        unknown = sorted(set(spec) - set(TENSOR_ATTR_KEYS))
        if unknown:
            raise OpCompatError(where, f"{at}: unknown keys {unknown} (allowed: "
                                f"{', '.join(TENSOR_ATTR_KEYS)})")
        if kind is TensorAttrKind.SCALAR and "tensors_name" in spec:
            raise OpCompatError(where, f"{at}: a Scalar takes one tensor (`tensor_name`), "
                                "not `tensors_name`")
        support = spec.get("support_tensor")
        if support is not None and not isinstance(support, bool):
            raise OpCompatError(where, f"{at}: support_tensor must be true or false")
        if "tensor_name" not in spec and "tensors_name" not in spec and not support:
            raise OpCompatError(where, f"{at}: names no tensor (`tensor_name`, "
                                "`tensors_name`) and no `support_tensor : true`")
        data_type = spec.get("data_type")
        if data_type is not None and not isinstance(data_type, str):
            raise OpCompatError(where, f"{at}: data_type must be a type name")
        out.append(TensorAttrDef(
            _slot(attr, where, kind.value), kind, data_type,
            _slot(spec["tensor_name"], where, at) if "tensor_name" in spec else None,
            _slot(spec["tensors_name"], where, at) if "tensors_name" in spec else None,
            support))
    return tuple(out)


def _name_list(value: Any, where: str, key: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        raise OpCompatError(where, f"`{key}` must be a non-empty list, got {value!r}")
    return tuple(_slot(v, where, key) for v in value)


def _extra_attr(text: Any, where: str, key: str = "extra.attrs") -> ExtraAttrDef:
    match = _EXTRA_ATTR.match(text.strip()) if isinstance(text, str) else None
    if match is None:
        raise OpCompatError(where, f"`{key}`: {text!r} is not `type name` or "
                            "`type name = default`")
    try:
        arg_type = ArgType.parse(match[1])
    except ValueError as err:
        raise OpCompatError(where, f"`{key}` {match[2]!r}: {err}") from None
    if arg_type.is_tensor:
        raise OpCompatError(where, f"`{key}` {match[2]!r}: a tensor is an input, "
                            "not an attribute")
    return ExtraAttrDef(arg_type, match[2], match[3].strip() if match[3] else None)


def _legacy_attrs(value: Any, where: str) -> tuple[ExtraAttrDef, ...]:
    if not isinstance(value, list) or not value:
        raise OpCompatError(where, f"`legacy_attrs` must be a non-empty list, got {value!r}")
    return tuple(_extra_attr(a, where, "legacy_attrs") for a in value)


def _extra(value: Any, where: str) -> ExtraDef:
    spec = _mapping(value, where, "extra")
    unknown = sorted(set(spec) - set(EXTRA_KEYS))
    if unknown:
        raise OpCompatError(where, f"`extra`: unknown keys {unknown} (allowed: "
                            f"{', '.join(EXTRA_KEYS)})")
    attrs = spec.get("attrs")
    if attrs is not None and (not isinstance(attrs, list) or not attrs):
        raise OpCompatError(where, f"`extra.attrs` must be a non-empty list, got {attrs!r}")
    return ExtraDef(
        _name_list(spec["inputs"], where, "extra.inputs") if "inputs" in spec else (),
        tuple(_extra_attr(a, where) for a in attrs or ()),
        _name_list(spec["outputs"], where, "extra.outputs") if "outputs" in spec else ())


def parse_entry(raw: Any, source: SourceLine) -> OpCompatDef:
    """One entry, checked: known keys only, names well formed, no slot in two roles."""
    where = str(source)
    if not isinstance(raw, dict) or "op" not in raw:
        raise OpCompatError(where, "an entry is a mapping starting with `op :`")
    names = _names(raw["op"], where, "op")
    where = f"{source}: op '{names.legacy}'"
    unknown = [k for k in raw if k not in ENTRY_KEYS]
    if unknown:
        raise OpCompatError(where, f"unknown keys {unknown} (allowed: {', '.join(ENTRY_KEYS)})")
    backward: tuple[OpNames, ...] = ()
    if "backward" in raw:
        if not isinstance(raw["backward"], str):
            raise OpCompatError(where, "`backward` is `phi_grad (legacy_grad)`, comma-separated")
        backward = tuple(_names(part, where, "backward") for part in raw["backward"].split(","))
    entry = OpCompatDef(
        names, source, backward,
        _renames(raw["inputs"], where, "inputs") if "inputs" in raw else (),
        _renames(raw["outputs"], where, "outputs") if "outputs" in raw else (),
        _renames(raw["attrs"], where, "attrs") if "attrs" in raw else (),
        _tensor_attrs(raw["scalar"], TensorAttrKind.SCALAR, where) if "scalar" in raw else (),
        (_tensor_attrs(raw["int_array"], TensorAttrKind.INT_ARRAY, where)
         if "int_array" in raw else ()),
        _extra(raw["extra"], where) if "extra" in raw else ExtraDef(),
        (_name_list(raw["manual_signature"], where, "manual_signature")
         if "manual_signature" in raw else ()),
        _legacy_attrs(raw["legacy_attrs"], where) if "legacy_attrs" in raw else ())
    _check_roles(entry, where)
    return entry


def _check_roles(entry: OpCompatDef, where: str) -> None:
    own = {entry.names.legacy, *(b.legacy for b in entry.backward)}
    for op in entry.manual_signature:
        if op not in own:
            raise OpCompatError(where, f"manual_signature names {op!r}, which is neither this "
                                "op nor one of its backward ops")
    tensor_attrs = [t.attr for t in entry.tensor_attrs]
    if len(set(tensor_attrs)) != len(tensor_attrs):
        raise OpCompatError(where, "an attribute is both `scalar` and `int_array`")
    extras = {*entry.extra.inputs, *entry.extra.attr_names, *entry.extra.outputs}
    fed = {s for t in entry.tensor_attrs for s in t.tensor_slots}
    for name in sorted(extras & (fed | set(tensor_attrs))):
        raise OpCompatError(where, f"{name!r} is extra and also feeds a kernel attribute")
    legacy = [a.name for a in entry.legacy_attrs]
    for name in sorted(set(legacy) & (extras | fed | set(tensor_attrs))):
        raise OpCompatError(where, f"{name!r} is in `legacy_attrs` and also extra or fed")
    if len(set(legacy)) != len(legacy):
        raise OpCompatError(where, "`legacy_attrs` names an attribute twice")


def _check_no_repeated_key(node: yaml.Node, file: str) -> None:
    """yaml keeps the last of two equal keys; the relation would lose the first silently."""
    if isinstance(node, yaml.MappingNode):
        seen: set[str] = set()
        for key, value in node.value:
            if key.value in seen:
                raise OpCompatError(f"{file}:{key.start_mark.line + 1}",
                                    f"key {key.value!r} is given twice")
            seen.add(key.value)
            _check_no_repeated_key(value, file)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            _check_no_repeated_key(item, file)


def _entry_lines(node: yaml.Node | None, file: str) -> list[int]:
    """The line (1-based) of each top-level sequence item, in order."""
    if node is None:
        return []
    _check_no_repeated_key(node, file)
    if not isinstance(node, yaml.SequenceNode):
        return [node.start_mark.line + 1]
    return [item.start_mark.line + 1 for item in node.value]


def load_op_compat(path: Path, shown: str | None = None) -> tuple[OpCompatDef, ...]:
    """Every entry of `path`; `shown` is the file name errors and sources use."""
    name = shown or path.name
    text = path.read_text(encoding="utf-8")
    try:
        raw, node = load_yaml_with_node(text)
        lines = _entry_lines(node, name)
    except yaml.YAMLError as err:
        raise OpCompatError(name, f"not valid yaml: {err}") from None
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise OpCompatError(name, "the file is a list of `- op :` entries")
    entries = tuple(parse_entry(item, SourceLine(name, line)) for item, line in zip(raw, lines))
    _check_unique(entries)
    return entries


def _check_unique(entries: tuple[OpCompatDef, ...]) -> None:
    seen: dict[str, OpCompatDef] = {}
    for entry in entries:
        for legacy in (entry.names.legacy, *(b.legacy for b in entry.backward)):
            if legacy in seen:
                raise OpCompatError(str(entry.source), f"legacy op {legacy!r} is already "
                                    f"described at {seen[legacy].source}")
            seen[legacy] = entry


def _flow_item(text: str) -> str:
    return f"'{text}'" if any(ch in text for ch in "{}[],") else text


def _extra_attr_text(attr: ExtraAttrDef) -> str:
    return f"{attr.type} {attr.name}" + (f" = {attr.default}" if attr.default else "")


def _names_text(names: OpNames) -> str:
    return names.phi if not names.renamed else f"{names.phi} ({names.legacy})"


def render_entry(entry: OpCompatDef) -> str:
    """The entry as op_compat.yaml writes it (the one writer: parsing it gives it back)."""
    lines = [f"- op : {_names_text(entry.names)}"]
    if entry.backward:
        lines.append("  backward : " + ", ".join(_names_text(b) for b in entry.backward))
    for key, pairs in (("inputs", entry.inputs), ("outputs", entry.outputs),
                       ("attrs", entry.attrs)):
        if pairs:
            lines.append(f"  {key} : {{" + ", ".join(f"{p} : {v}" for p, v in pairs) + "}")
    for kind, specs in ((TensorAttrKind.SCALAR, entry.scalar),
                        (TensorAttrKind.INT_ARRAY, entry.int_array)):
        if specs:
            lines.append(f"  {kind} :")
        for spec in specs:
            parts = [f"{key} : {value}" for key, value in (
                ("data_type", spec.data_type), ("tensor_name", spec.tensor_name),
                ("tensors_name", spec.tensors_name)) if value is not None]
            if spec.support_tensor is not None:
                parts.append(f"support_tensor : {str(spec.support_tensor).lower()}")
            lines.append(f"    {spec.attr} : {{{', '.join(parts)}}}")
    if entry.legacy_attrs:
        lines.append("  legacy_attrs : [" + ", ".join(
            _flow_item(_extra_attr_text(a)) for a in entry.legacy_attrs) + "]")
    extra = entry.extra
    if extra.inputs or extra.attrs or extra.outputs:
        lines.append("  extra :")
        for key, items in (("inputs", extra.inputs),
                           ("attrs", tuple(_extra_attr_text(a) for a in extra.attrs)),
                           ("outputs", extra.outputs)):
            if items:
                lines.append(f"    {key} : [{', '.join(_flow_item(i) for i in items)}]")
    if entry.manual_signature:
        lines.append(f"  manual_signature : [{', '.join(entry.manual_signature)}]")
    return "\n".join(lines) + "\n"


def render_op_compat(entries: tuple[OpCompatDef, ...], header: str = "") -> str:
    """A whole op_compat.yaml: `header` (comment lines), then the entries."""
    return header + "\n".join(render_entry(e) for e in entries)
