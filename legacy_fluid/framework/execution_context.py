"""Contexts handed to legacy kernels and infer_shape: inputs/outputs/attrs by slot name."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from legacy_fluid.framework.op_view import OpView
from legacy_fluid.framework.scope import Scope, Variable
from phi.common import DataLayout, DataType, Place
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext

if TYPE_CHECKING:
    from legacy_fluid.framework.op_kernel_type import OpKernelType


@dataclass
class RuntimeContext:
    """Slot -> variables actually used this run (transferred copies replace originals)."""

    inputs: dict[str, list[Variable | None]] = field(default_factory=dict)
    outputs: dict[str, list[Variable | None]] = field(default_factory=dict)

    @classmethod
    def build(cls, op: OpView, scope: Scope) -> RuntimeContext:
        return cls(
            {slot: [scope.find_var(n) for n in names] for slot, names in op.inputs.items()},
            {slot: [scope.find_var(n) for n in names] for slot, names in op.outputs.items()},
        )


def _tensor_of(var: Variable | None) -> DenseTensor | None:
    if var is None or var.value is None:
        return None
    return var.value if isinstance(var.value, DenseTensor) else None


class _SlotAccess:
    op: OpView
    runtime: RuntimeContext

    def has_input(self, slot: str) -> bool:
        vars_ = self.runtime.inputs.get(slot, [])
        return bool(vars_) and vars_[0] is not None and vars_[0].is_initialized()

    def has_inputs(self, slot: str) -> bool:
        vars_ = self.runtime.inputs.get(slot, [])
        return bool(vars_) and all(v is not None and v.is_initialized() for v in vars_)

    def has_output(self, slot: str) -> bool:
        vars_ = self.runtime.outputs.get(slot, [])
        return bool(vars_) and vars_[0] is not None

    def input_size(self, slot: str) -> int:
        return len(self.runtime.inputs.get(slot, []))

    def output_size(self, slot: str) -> int:
        return len(self.runtime.outputs.get(slot, []))

    def input_names(self, slot: str) -> list[str]:
        return list(self.op.inputs.get(slot, []))

    def output_names(self, slot: str) -> list[str]:
        return list(self.op.outputs.get(slot, []))

    def input_var(self, slot: str) -> Variable | None:
        vars_ = self.runtime.inputs.get(slot, [])
        return vars_[0] if vars_ else None

    def output_var(self, slot: str) -> Variable | None:
        vars_ = self.runtime.outputs.get(slot, [])
        return vars_[0] if vars_ else None

    def input_arrays(self, slot: str) -> list[Any]:
        """The data of every initialized tensor in input `slot` (shape / value tensors)."""
        return [v.value.data for v in self.runtime.inputs.get(slot, [])
                if v is not None and isinstance(v.value, DenseTensor) and v.value.initialized()]

    def has_attr(self, name: str) -> bool:
        return name in self.op.attrs

    def attr(self, name: str) -> Any:
        try:
            return self.op.attrs[name]
        except KeyError:
            raise KeyError(f"op '{self.op.type}' has no attribute '{name}'") from None

    @property
    def op_type(self) -> str:
        return self.op.type


class ExecutionContext(_SlotAccess):
    """What a legacy `OpKernel.compute` sees."""

    def __init__(
        self,
        op: OpView,
        scope: Scope,
        dev_ctx: DeviceContext,
        runtime: RuntimeContext,
        kernel_type: OpKernelType | None = None,
    ) -> None:
        self.op, self.scope, self.runtime = op, scope, runtime
        self.dev_ctx = dev_ctx
        self.kernel_type = kernel_type

    @property
    def place(self) -> Place:
        return self.dev_ctx.place

    def device_context(self) -> DeviceContext:
        return self.dev_ctx

    @property
    def xp(self) -> Any:
        return self.dev_ctx.xp

    def input(self, slot: str) -> DenseTensor | None:
        return _tensor_of(self.input_var(slot))

    def multi_input(self, slot: str) -> list[DenseTensor | None]:
        """The slot's tensors; a slot naming one tensor array (a list-valued variable, as
        write_to_array makes) gives the array's tensors, as a PHI `Tensor[]` argument."""
        vars_ = self.runtime.inputs.get(slot, [])
        if len(vars_) == 1 and vars_[0] is not None and isinstance(vars_[0].value, list):
            return list(vars_[0].value)
        return [_tensor_of(v) for v in vars_]

    def output(self, slot: str) -> DenseTensor | None:
        var = self.output_var(slot)
        return None if var is None else var.get_tensor()

    def multi_output(self, slot: str) -> list[DenseTensor | None]:
        return [None if v is None else v.get_tensor() for v in self.runtime.outputs.get(slot, [])]


class InferShapeContext(_SlotAccess):
    """Runtime infer-shape view: dims/dtypes of inputs, settable dims/dtypes of outputs."""

    is_runtime = True

    def __init__(self, op: OpView, runtime: RuntimeContext) -> None:
        self.op, self.runtime = op, runtime

    def _in(self, slot: str, i: int = 0) -> DenseTensor:
        vars_ = self.runtime.inputs.get(slot, [])
        t = _tensor_of(vars_[i]) if i < len(vars_) else None
        if t is None:
            raise ValueError(f"op '{self.op.type}': input '{slot}' is missing or not a tensor")
        return t

    def _out(self, slot: str, i: int = 0) -> DenseTensor | None:
        vars_ = self.runtime.outputs.get(slot, [])
        var = vars_[i] if i < len(vars_) else None
        return None if var is None else var.get_tensor()

    def get_input_dim(self, slot: str) -> tuple[int, ...]:
        return self._in(slot).dims

    def get_inputs_dim(self, slot: str) -> list[tuple[int, ...]]:
        return [self._in(slot, i).dims for i in range(self.input_size(slot))]

    def get_input_dtype(self, slot: str) -> DataType:
        return self._in(slot).dtype

    def get_input_layout(self, slot: str) -> DataLayout:
        return self._in(slot).layout

    def set_output_dim(self, slot: str, dims: tuple[int, ...] | list[int]) -> None:
        out = self._out(slot)
        if out is not None:
            out.resize(tuple(dims))

    def set_outputs_dim(self, slot: str, dims: list[tuple[int, ...]]) -> None:
        for i, d in enumerate(dims):
            out = self._out(slot, i)
            if out is not None:
                out.resize(tuple(d))

    def set_output_dtype(self, slot: str, dtype: DataType) -> None:
        out = self._out(slot)
        if out is not None:
            out.set_dtype(dtype)

    def set_outputs_dtype(self, slot: str, dtype: DataType) -> None:
        for i in range(self.output_size(slot)):
            out = self._out(slot, i)
            if out is not None:
                out.set_dtype(dtype)

    def share_dim(self, in_slot: str, out_slot: str) -> None:
        self.set_output_dim(out_slot, self.get_input_dim(in_slot))

    def share_lod(self, in_slot: str, out_slot: str) -> None:
        out = self._out(out_slot)
        if out is not None:
            out.lod = self._in(in_slot).lod

    def get_inputs_lod(self, slot: str) -> list[list[list[int]]]:
        return [self._in(slot, i).lod for i in range(self.input_size(slot))]

    def set_output_lod(self, slot: str, lod: list[list[int]]) -> None:
        out = self._out(slot)
        if out is not None:
            out.lod = lod
