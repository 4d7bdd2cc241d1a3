"""In-memory `ProgramDesc` / `BlockDesc` / `OpDesc` / `VarDesc`.

These mirror framework.proto's messages; `legacy_fluid.io` converts them
to and from the protobuf bytes of `.pdmodel` files.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from legacy_fluid.framework.var_type import AttrType, VarType
from phi.common import DataType, Scalar


@dataclass
class VarDesc:
    name: str
    type: VarType = VarType.LOD_TENSOR
    dtype: DataType | None = DataType.FLOAT32
    shape: list[int] = field(default_factory=list)
    lod_level: int = 0
    persistable: bool = False
    need_check_feed: bool = False
    is_parameter: bool = False
    stop_gradient: bool = False
    extra: dict[str, Any] = field(default_factory=dict)  # fields kept only for round trips

    @property
    def is_tensor(self) -> bool:
        return self.type in (VarType.LOD_TENSOR, VarType.SELECTED_ROWS)


@dataclass
class OpDesc:
    type: str
    inputs: dict[str, list[str]] = field(default_factory=dict)
    outputs: dict[str, list[str]] = field(default_factory=dict)
    attrs: dict[str, Any] = field(default_factory=dict)
    attr_types: dict[str, AttrType] = field(default_factory=dict)
    is_target: bool | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def input(self, slot: str) -> list[str]:
        return list(self.inputs.get(slot, []))

    def output(self, slot: str) -> list[str]:
        return list(self.outputs.get(slot, []))

    def input_arg_names(self) -> list[str]:
        return [n for names in self.inputs.values() for n in names]

    def output_arg_names(self) -> list[str]:
        return [n for names in self.outputs.values() for n in names]

    def has_attr(self, name: str) -> bool:
        return name in self.attrs

    def attr(self, name: str, default: Any = None) -> Any:
        return self.attrs.get(name, default)

    def set_attr(self, name: str, value: Any, attr_type: AttrType | None = None) -> None:
        """Without `attr_type`, the type the op's proto declares when `value` is one of it
        (as Paddle's Python API sets attributes), else one inferred from the value."""
        if attr_type is None and name not in self.attr_types:
            typed = _typed_as_declared(self.type, name, value)
            attr_type, value = typed if typed is not None else (infer_attr_type(value), value)
        self.attrs[name] = value
        if attr_type is not None:
            self.attr_types[name] = attr_type


def _typed_as_declared(op_type: str, name: str, value: Any) -> tuple[AttrType, Any] | None:
    from legacy_fluid.framework.attr_types import typed_as_declared
    from legacy_fluid.framework.op_registry import OP_INFOS

    info = OP_INFOS.get(op_type)
    return typed_as_declared(info.proto if info is not None else None, name, value)


def infer_attr_type(value: Any) -> AttrType:
    """A best-guess AttrType for a Python value (ints become INT unless too large)."""
    if isinstance(value, (Scalar, complex)):  # only a Scalar attribute holds a complex
        return AttrType.SCALAR
    if isinstance(value, (list, tuple)) and any(isinstance(v, (Scalar, complex)) for v in value):
        return AttrType.SCALARS
    if isinstance(value, bool):
        return AttrType.BOOLEAN
    if isinstance(value, int):
        return AttrType.INT if -(2**31) <= value < 2**31 else AttrType.LONG
    if isinstance(value, float):
        return AttrType.FLOAT
    if isinstance(value, str):
        return AttrType.STRING
    if isinstance(value, (list, tuple)):
        if not value:
            return AttrType.INTS
        first = value[0]
        if isinstance(first, bool):
            return AttrType.BOOLEANS
        if isinstance(first, int):
            return AttrType.INTS if all(-(2**31) <= v < 2**31 for v in value) else AttrType.LONGS
        if isinstance(first, float):
            return AttrType.FLOATS
        if isinstance(first, str):
            return AttrType.STRINGS
    raise TypeError(f"cannot infer an attribute type for {value!r}")


@dataclass
class BlockDesc:
    idx: int = 0
    parent_idx: int = -1
    vars: dict[str, VarDesc] = field(default_factory=dict)
    ops: list[OpDesc] = field(default_factory=list)
    forward_block_idx: int | None = None
    program: ProgramDesc | None = field(default=None, repr=False, compare=False)
    extra: dict[str, Any] = field(default_factory=dict, repr=False)  # kept for round trips

    def var(self, name: str, **kwargs: Any) -> VarDesc:
        """Find or create a var in this block."""
        v = self.vars.get(name)
        if v is None:
            v = self.vars[name] = VarDesc(name, **kwargs)
        return v

    def find_var(self, name: str) -> VarDesc | None:
        return self.vars.get(name)

    def find_var_recursive(self, name: str) -> VarDesc | None:
        """This block's var, or the nearest enclosing block's. Parents out of range or in
        a cycle (refused when a program is loaded) end the search rather than loop."""
        block: BlockDesc | None = self
        seen: set[int] = set()
        while block is not None and id(block) not in seen:
            seen.add(id(block))
            v = block.vars.get(name)
            if v is not None:
                return v
            program = block.program
            if program is None or not 0 <= block.parent_idx < len(program.blocks):
                return None
            block = program.blocks[block.parent_idx]
        return None

    def append_op(
        self,
        type: str,
        inputs: dict[str, list[str]] | None = None,
        outputs: dict[str, list[str]] | None = None,
        attrs: dict[str, Any] | None = None,
    ) -> OpDesc:
        op = OpDesc(
            type,
            {k: list(v) for k, v in (inputs or {}).items()},
            {k: list(v) for k, v in (outputs or {}).items()},
        )
        for name, value in (attrs or {}).items():
            op.set_attr(name, value)
        self.ops.append(op)
        return op

    def __iter__(self) -> Iterator[OpDesc]:
        return iter(self.ops)


@dataclass
class ProgramDesc:
    blocks: list[BlockDesc] = field(default_factory=list)
    version: int | None = None
    op_version_map: dict[str, int] | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.blocks:
            self.blocks.append(BlockDesc(0, -1))
        for b in self.blocks:
            b.program = self

    def global_block(self) -> BlockDesc:
        return self.blocks[0]

    def block(self, idx: int) -> BlockDesc:
        return self.blocks[idx]

    def append_block(self, parent: BlockDesc) -> BlockDesc:
        b = BlockDesc(len(self.blocks), parent.idx, program=self)
        self.blocks.append(b)
        return b

    def num_blocks(self) -> int:
        return len(self.blocks)

    def op_types(self) -> list[str]:
        return [op.type for b in self.blocks for op in b.ops]
