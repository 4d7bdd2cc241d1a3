"""What the codemod reads from an op module: op protos (inputs, outputs, attributes),
operator and kernel registrations, and registrations it could not resolve.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from migrate.static_refs import ClassRef


@dataclass
class VarSlot:
    name: str
    duplicable: bool = False
    dispensable: bool = False
    extra: bool = False
    quant: bool = False


UNKNOWN_DEFAULT = object()


@dataclass
class AttrSlot:
    name: str
    type: str  # AttrType member name
    default: Any = None
    extra: bool = False
    quant: bool = False


@dataclass
class StaticProto:
    op_type: str
    maker: str
    inputs: list[VarSlot] = field(default_factory=list)
    outputs: list[VarSlot] = field(default_factory=list)
    attrs: list[AttrSlot] = field(default_factory=list)

    def input(self, name: str) -> VarSlot | None:
        return next((v for v in self.inputs if v.name == name), None)

    def output(self, name: str) -> VarSlot | None:
        return next((v for v in self.outputs if v.name == name), None)

    def attr(self, name: str) -> AttrSlot | None:
        return next((a for a in self.attrs if a.name == name), None)


@dataclass
class Registration:
    op_type: str
    device: str
    class_name: str
    dtypes: list[str]
    layout: str = "ANY"
    library: str = "PLAIN"
    stmt_index: int = -1  # index of the top-level statement holding the call


@dataclass
class OperatorDef:
    op_type: str
    op_class: str  # local names (what the module's namespace binds)
    maker: str
    stmt_index: int
    op_class_ref: ClassRef | None = None
    maker_ref: Any = None  # a ClassRef, or a maker factory's call (FactoryCall)


@dataclass
class UnresolvedRegistration:
    stmt_index: int
    reason: str
    classes: set[str]
