"""Op protos: an op's inputs, outputs and attributes, as a proto maker declares them."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

from legacy_fluid.framework.var_type import AttrType


@dataclass(frozen=True)
class VarProto:
    name: str
    comment: str = ""
    duplicable: bool = False
    dispensable: bool = False
    extra: bool = False
    quant: bool = False


@dataclass(frozen=True)
class AttrProto:
    name: str
    type: AttrType
    default: Any = None
    comment: str = ""
    extra: bool = False
    quant: bool = False
    generated: bool = False  # set by the framework (op_role, op_callstack, ...)


@dataclass
class OpProto:
    type: str
    inputs: list[VarProto] = field(default_factory=list)
    outputs: list[VarProto] = field(default_factory=list)
    attrs: list[AttrProto] = field(default_factory=list)
    comment: str = ""

    def input(self, name: str) -> VarProto | None:
        return next((v for v in self.inputs if v.name == name), None)

    def output(self, name: str) -> VarProto | None:
        return next((v for v in self.outputs if v.name == name), None)

    def attr(self, name: str) -> AttrProto | None:
        return next((a for a in self.attrs if a.name == name), None)

    def defaults(self) -> dict[str, Any]:
        return {a.name: a.default for a in self.attrs}


#: Attributes every op carries, added by the framework rather than the maker.
COMMON_ATTRS: tuple[AttrProto, ...] = (
    AttrProto("op_role", AttrType.INT, 0, generated=True, extra=True),
    AttrProto("op_role_var", AttrType.STRINGS, [], generated=True, extra=True),
    AttrProto("op_namescope", AttrType.STRING, "/", generated=True, extra=True),
    AttrProto("op_callstack", AttrType.STRINGS, [], generated=True, extra=True),
    AttrProto("op_device", AttrType.STRING, "", generated=True, extra=True),
    AttrProto("with_quant_attr", AttrType.BOOLEAN, False, generated=True, extra=True),
)


class OpProtoAndCheckerMaker(ABC):
    """Subclass and implement `make()` calling add_input/add_output/add_attr."""

    def __init__(self, op_type: str) -> None:
        self.proto = OpProto(op_type)

    @abstractmethod
    def make(self) -> None: ...

    def build(self) -> OpProto:
        self.make()
        known = {a.name for a in self.proto.attrs}
        self.proto.attrs.extend(a for a in COMMON_ATTRS if a.name not in known)
        return self.proto

    def add_input(self, name: str, comment: str = "", **flags: bool) -> None:
        """Flags: duplicable, dispensable, extra, quant (all False by default)."""
        self.proto.inputs.append(VarProto(name, comment, **flags))

    def add_output(self, name: str, comment: str = "", **flags: bool) -> None:
        """Flags as for `add_input`."""
        self.proto.outputs.append(VarProto(name, comment, **flags))

    def add_attr(
        self,
        name: str,
        type: AttrType,
        default: Any = None,
        comment: str = "",
        *,
        extra: bool = False,
        quant: bool = False,
    ) -> None:
        self.proto.attrs.append(AttrProto(name, type, default, comment, extra, quant))

    def add_comment(self, comment: str) -> None:
        self.proto.comment = comment
