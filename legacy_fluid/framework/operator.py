"""`OperatorBase` / `OperatorWithKernel`: an op instance plus fluid's kernel-choosing hooks."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from legacy_fluid.framework.data_transform import (
    AppliedTransform,
    transform_data,
    transform_kinds,
)
from legacy_fluid.framework.execution_context import (
    ExecutionContext,
    InferShapeContext,
    RuntimeContext,
)
from legacy_fluid.framework.kernel_run import LegacyKernelRun, run_kernel, trace_of
from legacy_fluid.framework.op_kernel import OP_KERNELS
from legacy_fluid.framework.op_kernel_type import LibraryType, OpKernelType, requested_library
from legacy_fluid.framework.op_proto import OpProto
from legacy_fluid.framework.program_desc import OpDesc
from legacy_fluid.framework.scope import Scope, Variable
from legacy_fluid.framework.trace import OpTrace
from phi.common import DataType, Place
from phi.core.dense_tensor import DenseTensor
from phi.core.device_backends import DeviceContextPool
from phi.core.errors import refuse_complex_to_real


@dataclass(frozen=True)
class Transfer:
    """One input to move between kernel types before an op's kernel runs."""

    slot: str
    index: int
    name: str
    source: Variable
    target: OpKernelType
    actual: OpKernelType


class OperatorBase(ABC):
    def __init__(
        self,
        type: str,
        inputs: dict[str, list[str]],
        outputs: dict[str, list[str]],
        attrs: dict[str, Any],
        proto: OpProto,
        desc: OpDesc | None = None,
    ) -> None:
        self.type = type
        self.inputs = {k: list(v) for k, v in inputs.items()}
        self.outputs = {k: list(v) for k, v in outputs.items()}
        self.attrs = dict(attrs)
        self.proto = proto
        self.desc = desc

    def input(self, slot: str) -> str | None:
        names = self.inputs.get(slot, [])
        return names[0] if names else None

    def output(self, slot: str) -> str | None:
        names = self.outputs.get(slot, [])
        return names[0] if names else None

    def attr(self, name: str) -> Any:
        return self.attrs[name]

    @abstractmethod
    def run(self, scope: Scope, place: Place) -> OpTrace: ...

    def __repr__(self) -> str:
        ins = ", ".join(f"{k}={v}" for k, v in self.inputs.items())
        outs = ", ".join(f"{k}={v}" for k, v in self.outputs.items())
        return f"Op({self.type}; inputs: {ins}; outputs: {outs})"


#: The shape inference of an op that declares none: its InferMeta through its argument
#: mapping (Paddle's DECLARE_INFER_SHAPE_FUNCTOR). compat installs it
#: (`compat.infer_shape_by_meta`); the framework itself knows no PHI op model.
DEFAULT_INFER_SHAPE: list[Callable[[OperatorWithKernel, InferShapeContext], None]] = []


class OperatorWithKernel(OperatorBase):
    """An op computed by a kernel chosen by `OpKernelType`; subclasses override the hooks."""

    # -- hooks ---------------------------------------------------------------
    def infer_shape(self, ctx: InferShapeContext) -> None:
        """Set every output's dims and dtype (and lod where the op passes it on).

        Default: the op's InferMeta through its argument mapping; an op whose legacy
        rule differs from its InferMeta's declares its own."""
        if not DEFAULT_INFER_SHAPE:
            raise NotImplementedError(
                f"op '{self.type}' declares no infer_shape, and no InferMeta provider is "
                "installed (import compat)")
        DEFAULT_INFER_SHAPE[0](self, ctx)

    def infer_outputs_beyond_kernel(self, ctx: InferShapeContext) -> None:
        """Set the meta of the outputs the op's PHI kernel has no argument for (transpose2's
        XShape: Paddle's transpose kernel has none, its op's InferShape sets the dims); the
        PHI path runs it after the kernel's InferMeta. Default: there are none."""

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        """Default: the dtype of the inputs, on the executor's place."""
        return OpKernelType(self.indicate_data_type(ctx), ctx.place)

    def get_kernel_type_for_var(
        self, slot: str, tensor: DenseTensor, expected: OpKernelType
    ) -> OpKernelType | None:
        """The kernel type `tensor` is in; None means "use as is, never transform".

        By default only place and layout are the tensor's own, so the global
        transforms move data between devices/layouts but never cast dtypes.
        """
        return OpKernelType(expected.data_type, tensor.place, tensor.layout, expected.library_type)

    def expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        """The hook's kernel type, with the library the op's use_cudnn / use_mkldnn /
        use_onednn attribute asks for where the place can use it (`requested_library`);
        the kernel choice falls back to the plain kernel when none of that library is
        registered, and says so in the trace."""
        expected = self.get_expected_kernel_type(ctx)
        if expected.library_type is LibraryType.PLAIN:
            asked = requested_library(self.attrs, expected.place)
            if asked is not None:
                return expected.with_library(asked[0])
        return expected

    # -- helpers for hooks -----------------------------------------------------
    def indicate_data_type(self, ctx: ExecutionContext) -> DataType:
        """The dtype of the first initialized input tensor, in op proto order.

        fluid's IndicateDataType also insists all inputs agree; ops with mixed
        dtypes (index inputs, fp32 statistics) override the expected type.
        """
        order = [v.name for v in self.proto.inputs] + [
            s for s in self.inputs if self.proto.input(s) is None
        ]
        for slot in order:
            for t in ctx.multi_input(slot):
                if t is not None and t.dtype is not DataType.UNDEFINED and t.initialized():
                    return t.dtype
        raise ValueError(f"op '{self.type}': cannot infer its data type, no input holds a tensor")

    def indicate_var_data_type(self, ctx: ExecutionContext, slot: str) -> DataType:
        t = ctx.input(slot)
        if t is None:
            raise ValueError(
                f"op '{self.type}': input '{slot}' holds no tensor to take a dtype from"
            )
        return t.dtype

    # -- running ---------------------------------------------------------------
    def transfers(
        self,
        runtime: RuntimeContext,
        expected: OpKernelType,
        targets: Mapping[str, OpKernelType | None] | None = None,
    ) -> list[Transfer]:
        """The inputs whose kernel type differs from the one the kernel wants.

        `targets` gives the kernel type wanted per input slot (PHI arg defs may
        differ from the op's expected type); a slot it does not name (or names with
        None) is used as it is. Without `targets` every input wants `expected`.

        A dtype transform of a complex tensor to a non-complex dtype is refused here
        (ComplexToRealError naming the op, slot, variable and both dtypes): the cast
        would drop its imaginary part. This is the one place every path (executor,
        dual dispatch, plans) decides its transforms.
        """
        found: list[Transfer] = []
        for slot, names in self.inputs.items():
            target = expected if targets is None else targets.get(slot)
            if target is None:
                continue
            for i, name in enumerate(names):
                var = runtime.inputs[slot][i]
                if (
                    var is None
                    or not isinstance(var.value, DenseTensor)
                    or not var.value.initialized()
                ):
                    continue
                actual = self.get_kernel_type_for_var(slot, var.value, expected)
                kinds = () if actual is None else transform_kinds(target, actual)
                if "dtype" in kinds:
                    refuse_complex_to_real(f"op '{self.type}': input '{slot}' (variable "
                                           f"'{name}')", var.value.dtype, target.data_type)
                if kinds:
                    found.append(Transfer(slot, i, name, var, target, actual))
        return found

    def prepare_data(
        self,
        scope: Scope,
        runtime: RuntimeContext,
        expected: OpKernelType,
        targets: Mapping[str, OpKernelType | None] | None = None,
    ) -> tuple[Scope | None, list[AppliedTransform]]:
        """Transform inputs (see `transfers`) into a child transfer scope."""
        transfer: Scope | None = None
        applied: list[AppliedTransform] = []
        for t in self.transfers(runtime, expected, targets):
            new_tensor, done = transform_data(t.name, t.target, t.actual, t.source.value)
            if transfer is None:
                transfer = scope.new_scope()
            tvar = transfer.var(t.name)
            tvar.value = new_tensor
            runtime.inputs[t.slot][t.index] = tvar
            applied.extend(done)
        return transfer, applied

    def run(self, scope: Scope, place: Place) -> OpTrace:
        """Run through the legacy kernel only (no PHI, no fallback); compat adds dual dispatch."""
        dev_ctx = DeviceContextPool.instance().get(place)
        runtime = RuntimeContext.build(self, scope)
        expected = self.expected_kernel_type(ExecutionContext(self, scope, dev_ctx, runtime))
        run = LegacyKernelRun(OP_KERNELS.get_kernel(self.type, expected), expected)
        applied = run_kernel(self, scope, runtime, run)
        return trace_of(self, run, applied)
