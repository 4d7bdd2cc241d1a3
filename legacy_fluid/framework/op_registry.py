"""Operator registry: op type -> (operator class, proto); creates operators from OpDescs."""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from legacy_fluid.framework.op_proto import OpProto, OpProtoAndCheckerMaker

if TYPE_CHECKING:
    from legacy_fluid.framework.operator import OperatorBase
    from legacy_fluid.framework.program_desc import OpDesc


@dataclass
class OpInfo:
    type: str
    op_class: type[OperatorBase]
    proto: OpProto


class OpInfoMap:
    _instance: ClassVar[OpInfoMap | None] = None

    def __init__(self) -> None:
        self._infos: dict[str, OpInfo] = {}

    @classmethod
    def instance(cls) -> OpInfoMap:
        if cls._instance is None:
            cls._instance = cls()
            load_builtin_ops()
        return cls._instance

    def insert(self, info: OpInfo) -> None:
        if info.type in self._infos and self._infos[info.type].op_class is not info.op_class:
            raise ValueError(f"operator '{info.type}' registered twice")
        self._infos[info.type] = info

    def has(self, op_type: str) -> bool:
        return op_type in self._infos

    def get(self, op_type: str) -> OpInfo:
        try:
            return self._infos[op_type]
        except KeyError:
            raise LookupError(f"operator '{op_type}' is not registered in fluidphi") from None

    def op_types(self) -> list[str]:
        return sorted(self._infos)


_PENDING: list[OpInfo] = []
_LOADED = False


def register_operator(
    op_type: str, op_class: type[OperatorBase], maker: type[OpProtoAndCheckerMaker]
) -> None:
    """fluid's REGISTER_OPERATOR: bind an operator class and its proto maker to a type."""
    info = OpInfo(op_type, op_class, maker(op_type).build())
    if OpInfoMap._instance is not None:
        OpInfoMap._instance.insert(info)
    else:
        _PENDING.append(info)


def load_builtin_ops() -> None:
    """Import every module of legacy_fluid.operators once, then drain pending registrations."""
    global _LOADED
    if not _LOADED:
        _LOADED = True
        import legacy_fluid.operators as ops_pkg

        for mod in sorted(pkgutil.iter_modules(ops_pkg.__path__), key=lambda m: m.name):
            importlib.import_module(f"{ops_pkg.__name__}.{mod.name}")
    from legacy_fluid.framework import op_kernel

    if OpInfoMap._instance is None:
        OpInfoMap._instance = OpInfoMap()
    while _PENDING:
        OpInfoMap._instance.insert(_PENDING.pop(0))
    if op_kernel.OpKernelMap._instance is None:
        op_kernel.OpKernelMap._instance = op_kernel.OpKernelMap()
    op_kernel.flush_pending(op_kernel.OpKernelMap._instance)


def create_op(desc: OpDesc) -> OperatorBase:
    """Instantiate the operator for `desc`, filling attributes the desc omits from proto defaults.

    Old programs (Paddle 2.x) may lack attributes newer protos added; the
    proto default is what those programs meant.
    """
    info = OpInfoMap.instance().get(desc.type)
    attrs = {a.name: a.default for a in info.proto.attrs if a.default is not None}
    attrs.update(desc.attrs)
    return info.op_class(desc.type, desc.inputs, desc.outputs, attrs, info.proto, desc)
