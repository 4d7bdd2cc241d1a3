"""`ArgumentMappingContext`: what a mapping function may ask about an op.

Two implementations: one over a running op (scope values), one over
descriptions only (OpDesc + BlockDesc), used by `inspect` and `coverage`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from legacy_fluid.framework.execution_context import RuntimeContext
from legacy_fluid.framework.operator import OperatorBase
from legacy_fluid.framework.program_desc import BlockDesc, OpDesc
from legacy_fluid.framework.var_type import VarType
from phi.core.dense_tensor import DenseTensor


class ArgumentMappingContext(ABC):
    op_type: str

    @abstractmethod
    def has_input(self, name: str) -> bool: ...

    @abstractmethod
    def has_output(self, name: str) -> bool: ...

    @abstractmethod
    def has_attr(self, name: str) -> bool: ...

    @abstractmethod
    def attr(self, name: str) -> Any: ...

    @abstractmethod
    def input_size(self, name: str) -> int: ...

    @abstractmethod
    def output_size(self, name: str) -> int: ...

    @abstractmethod
    def is_dense_tensor_input(self, name: str) -> bool: ...

    @abstractmethod
    def is_selected_rows_input(self, name: str) -> bool: ...

    @abstractmethod
    def is_dense_tensor_output(self, name: str) -> bool: ...

    @property
    @abstractmethod
    def is_runtime(self) -> bool: ...


class ExecutionArgumentMappingContext(ArgumentMappingContext):
    """Over a running op: an input exists when its variable holds a value."""

    def __init__(self, op: OperatorBase, runtime: RuntimeContext) -> None:
        self.op, self.runtime, self.op_type = op, runtime, op.type

    def has_input(self, name: str) -> bool:
        vars_ = self.runtime.inputs.get(name, [])
        return bool(vars_) and vars_[0] is not None and vars_[0].is_initialized()

    def has_output(self, name: str) -> bool:
        vars_ = self.runtime.outputs.get(name, [])
        return bool(vars_) and vars_[0] is not None

    def has_attr(self, name: str) -> bool:
        return name in self.op.attrs

    def attr(self, name: str) -> Any:
        return self.op.attrs[name]

    def input_size(self, name: str) -> int:
        return len(self.runtime.inputs.get(name, []))

    def output_size(self, name: str) -> int:
        return len(self.runtime.outputs.get(name, []))

    def is_dense_tensor_input(self, name: str) -> bool:
        vars_ = self.runtime.inputs.get(name, [])
        return bool(vars_) and all(
            v is not None and isinstance(v.value, DenseTensor) for v in vars_
        )

    def is_selected_rows_input(self, name: str) -> bool:
        return False

    def is_dense_tensor_output(self, name: str) -> bool:
        return self.has_output(name)

    @property
    def is_runtime(self) -> bool:
        return True


class ProtoArgumentMappingContext(ArgumentMappingContext):
    """Over descriptions: an input exists when its slot names a variable."""

    def __init__(
        self, op: OpDesc, block: BlockDesc | None = None, defaults: dict[str, Any] | None = None
    ) -> None:
        self.op, self.block, self.op_type = op, block, op.type
        self.attrs = {**(defaults or {}), **op.attrs}

    def _var_type(self, name: str) -> VarType | None:
        if self.block is None:
            return VarType.LOD_TENSOR
        var = self.block.find_var_recursive(name)
        return None if var is None else var.type

    def has_input(self, name: str) -> bool:
        return bool(self.op.inputs.get(name))

    def has_output(self, name: str) -> bool:
        return bool(self.op.outputs.get(name))

    def has_attr(self, name: str) -> bool:
        return name in self.attrs

    def attr(self, name: str) -> Any:
        return self.attrs[name]

    def input_size(self, name: str) -> int:
        return len(self.op.inputs.get(name, []))

    def output_size(self, name: str) -> int:
        return len(self.op.outputs.get(name, []))

    def is_dense_tensor_input(self, name: str) -> bool:
        names = self.op.inputs.get(name, [])
        return bool(names) and all(self._var_type(n) in (VarType.LOD_TENSOR, None) for n in names)

    def is_selected_rows_input(self, name: str) -> bool:
        names = self.op.inputs.get(name, [])
        return bool(names) and all(self._var_type(n) == VarType.SELECTED_ROWS for n in names)

    def is_dense_tensor_output(self, name: str) -> bool:
        names = self.op.outputs.get(name, [])
        return bool(names) and all(self._var_type(n) in (VarType.LOD_TENSOR, None) for n in names)

    @property
    def is_runtime(self) -> bool:
        return False
