"""What the lower framework modules read of an operator and of an op desc (Protocols).

`execution_context`, `kernel_run` and `op_registry` sit below `operator` and
`program_desc` (which import them), so they name the parts they use through these
Protocols instead of importing the classes back: `OperatorBase` /
`OperatorWithKernel` and `OpDesc` satisfy them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from legacy_fluid.framework.execution_context import InferShapeContext, RuntimeContext
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProto
from legacy_fluid.framework.op_view import OpView
from legacy_fluid.framework.scope import Scope
from legacy_fluid.framework.var_type import AttrType


class KernelOp(OpView, Protocol):
    """An operator with kernels, as `run_kernel` drives it (`OperatorWithKernel`)."""

    def infer_shape(self, ctx: InferShapeContext) -> None: ...

    def prepare_data(self, scope: Scope, runtime: RuntimeContext, expected: OpKernelType,
                     targets: Mapping[str, OpKernelType | None] | None = None,
                     ) -> tuple[Scope | None, list[Any]]: ...


class OpDescParts(Protocol):
    """What `create_op` reads of an op desc (`OpDesc`)."""

    type: str
    inputs: dict[str, list[str]]
    outputs: dict[str, list[str]]
    attrs: dict[str, Any]
    attr_types: dict[str, AttrType]


class OperatorClass(Protocol):
    """An operator class as the registry makes operators with it (`OperatorBase`)."""

    def __call__(self, type: str, inputs: dict[str, list[str]],
                 outputs: dict[str, list[str]], attrs: dict[str, Any], proto: OpProto,
                 desc: Any = None) -> OpView: ...
