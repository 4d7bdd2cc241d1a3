"""Operator registry: op type -> (operator class, proto); creates operators from OpDescs."""

from __future__ import annotations

import sys
from dataclasses import dataclass

from legacy_fluid.framework.attr_types import declared_value
from legacy_fluid.framework.derived_proto import derived_proto
from legacy_fluid.framework.op_interfaces import OpDescParts, OperatorClass
from legacy_fluid.framework.op_proto import OpProto, OpProtoAndCheckerMaker
from legacy_fluid.framework.op_view import OpView
from phi.core.registry import Registry


@dataclass
class OpInfo:
    type: str
    op_class: OperatorClass
    proto: OpProto
    #: None for a plain op, whose proto is derived from phi/ops.yaml and op_compat.yaml
    maker: type[OpProtoAndCheckerMaker] | None
    #: the module that registered the op (its VERIFY_CASES live there)
    module: str = ""


class OpInfoMap(Registry[str, OpInfo]):
    """op type -> OpInfo (fluid's OpInfoMap)."""

    def __init__(self, loaders: tuple[str, ...] = ()) -> None:
        super().__init__("operator", loaders=loaders, identity=lambda info: info.op_class)

    def insert(self, info: OpInfo) -> None:
        self.add(info.type, info)

    def has(self, op_type: str) -> bool:
        return op_type in self

    def info(self, op_type: str) -> OpInfo:
        info = self.get(op_type)
        if info is None:
            raise LookupError(f"operator '{op_type}' is not registered in fluidphi")
        return info

    def op_types(self) -> list[str]:
        return sorted(self.keys())


#: The process-wide operators: every module under legacy_fluid.operators registers here.
OP_INFOS = OpInfoMap(loaders=("legacy_fluid.operators",))


def register_operator(
    op_type: str, op_class: OperatorClass, maker: type[OpProtoAndCheckerMaker] | None = None
) -> None:
    """fluid's REGISTER_OPERATOR: bind an operator class and its proto maker to a type.

    Without a maker the op is plain: its proto is derived from its phi/ops.yaml (or
    backward.yaml) entry and its phi/op_compat.yaml entry (`derived_proto`), as Paddle
    generates the makers of such ops.
    """
    proto = maker(op_type).build() if maker is not None else derived_proto(op_type)
    module = sys._getframe(1).f_globals.get("__name__", "")
    OP_INFOS.insert(OpInfo(op_type, op_class, proto, maker, module))


def create_op(desc: OpDescParts) -> OpView:
    """Instantiate the operator for `desc`, filling attributes the desc omits from proto defaults.

    Old programs (Paddle 2.x) may lack attributes newer protos added; the
    proto default is what those programs meant. An attribute stored as another type than
    the proto declares is converted where Paddle converts it without changing the value,
    and refused otherwise (`legacy_fluid.framework.attr_types`).
    """
    info = OP_INFOS.info(desc.type)
    attrs = {a.name: a.default for a in info.proto.attrs if a.default is not None}
    attrs.update(desc.attrs)
    for name, stored in desc.attr_types.items():  # as the proto declares, or AttrTypeError
        if name in attrs:
            attrs[name] = declared_value(desc.type, info.proto, name, stored, attrs[name])
    return info.op_class(desc.type, desc.inputs, desc.outputs, attrs, info.proto, desc)
