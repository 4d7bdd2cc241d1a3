"""The one way an op's chosen kernel runs: transforms in, shape inference, kernel, cleanup.

A `KernelRun` is made once per kernel choice (the legacy path makes a
`LegacyKernelRun`; compat's dual dispatch makes one for a PHI kernel too) and
`run_kernel` runs it for one op on every run: the legacy path, the dual
dispatch and `migrate --verify` all go through it. It ends in `phi.core.bound_kernel.
run_bound` (shape inference, then the computation, observed), which a plan's kernel
steps and `phi.api.call` run too.

`bind_kernel` is the one place a kernel's arguments are bound for an op (here and in a
plan), and where Paddle's complex-gradient-to-real rule (its executors'
HandleComplexGradToRealGrad) joins the computation: after a kernel whose kernel type is
complex, each output named like a gradient (`x@GRAD`, `x@GRAD@RENAME@0`: the name before
the last `@GRAD` differs from it) that holds a complex tensor, whose forward variable (that
name before the last `@GRAD`) is found in the scope and holds a tensor of a real dtype,
becomes that real dtype, keeping the real part. So a real X through a complex op
(eig) gets a real X@GRAD, as Paddle fetches it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from functools import cached_property, partial
from typing import TYPE_CHECKING

from legacy_fluid.framework.cotangent_shapes import check_cotangent_shapes, cotangent_slots
from legacy_fluid.framework.data_transform import raise_if_copy_written
from legacy_fluid.framework.execution_context import (
    ExecutionContext,
    InferShapeContext,
    RuntimeContext,
)
from legacy_fluid.framework.grad_names import forward_var_name
from legacy_fluid.framework.op_interfaces import KernelOp
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.scope import Scope, Variable
from legacy_fluid.framework.trace import DispatchPath, NoteKind, OpTrace
from phi.common import Place
from phi.core.bound_kernel import BoundKernel, run_bound
from phi.core.dense_tensor import DenseTensor, complex_grad_to_real
from phi.core.device_backends import DeviceContextPool
from phi.core.device_context import DeviceContext

if TYPE_CHECKING:
    from legacy_fluid.framework.op_kernel import OpKernel


class KernelRun(ABC):
    """A chosen kernel for one op, with everything that does not change between runs."""

    def __init__(self, expected: OpKernelType, path: DispatchPath, place: Place) -> None:
        self.expected = expected
        self.path = path
        self.place = place
        #: the kernel type the op asked for (differs from `expected` after a library
        #: fallback); a choice is reused while the op asks for the same
        self.requested = expected
        self.note = ""  # for the trace: why this is not the plain kernel on the place
        self.note_kind: NoteKind | None = None

    @cached_property
    def run_type(self) -> OpKernelType:
        """The expected kernel type moved to the place the kernel runs on."""
        return self.expected.with_place(self.place)

    @property
    def input_targets(self) -> Mapping[str, OpKernelType | None] | None:
        """Per input slot the kernel type wanted (slots left out: use as they are);
        None: every input wants `run_type`."""
        return None

    @property
    @abstractmethod
    def kernel_name(self) -> str: ...

    @property
    @abstractmethod
    def key_text(self) -> str: ...

    @abstractmethod
    def bind(self, op: KernelOp, scope: Scope, runtime: RuntimeContext,
             dev_ctx: DeviceContext) -> BoundKernel:
        """The kernel's shape inference and computation with their arguments bound to the
        variables `runtime` holds (inputs already transformed)."""



class LegacyKernelRun(KernelRun):
    """A class kernel: the op's `infer_shape`, then `compute`."""

    def __init__(self, kernel_cls: type[OpKernel], expected: OpKernelType,
                 path: DispatchPath = DispatchPath.LEGACY, place: Place | None = None) -> None:
        super().__init__(expected, path, expected.place if place is None else place)
        self.kernel_cls = kernel_cls

    @cached_property
    def kernel_name(self) -> str:
        return self.kernel_cls.__qualname__

    @cached_property
    def key_text(self) -> str:
        return str(self.run_type)

    def bind(self, op: KernelOp, scope: Scope, runtime: RuntimeContext,
             dev_ctx: DeviceContext) -> BoundKernel:
        """Legacy infer_shape may read input values (a Shape tensor), so it is dynamic."""
        ctx = ExecutionContext(op, scope, dev_ctx, runtime, self.run_type)
        infer = partial(op.infer_shape, InferShapeContext(op, runtime))
        return BoundKernel(infer, partial(self.kernel_cls().compute, ctx), dynamic=True)


def trace_of(op: KernelOp, run: KernelRun, applied: list[str],
             index: int = -1, fused: list[str] | None = None) -> OpTrace:
    """The trace record of `op` run by `run`."""
    return OpTrace(index, op.type, run.path, run.kernel_name, run.key_text, applied,
                   list(fused or ()), run.note, run.note_kind)


def _complex_grads_to_real(compute: Callable[[], None], scope: Scope,
                           grads: list[tuple[Variable, str]]) -> None:
    """Run `compute`, then apply the complex-gradient-to-real rule to `grads` (each with
    its forward variable's name)."""
    compute()
    for var, forward in grads:
        source = scope.find_var(forward)
        if isinstance(var.value, DenseTensor) and source is not None \
                and isinstance(source.value, DenseTensor):
            complex_grad_to_real(var.value, source.value.dtype)


def _checked_infer(op: KernelOp, runtime: RuntimeContext, infer: Callable[[], None]) -> None:
    check_cotangent_shapes(op, runtime)
    infer()


def bind_kernel(op: KernelOp, scope: Scope, runtime: RuntimeContext, run: KernelRun,
                dev_ctx: DeviceContext) -> BoundKernel:
    """`run.bind`, with a grad op's cotangent shapes checked before its shape inference
    (`cotangent_shapes`), and the complex-gradient-to-real rule (module docstring) after the
    computation when the kernel type is complex and some output is named like a gradient."""
    bound = run.bind(op, scope, runtime, dev_ctx)
    if cotangent_slots(op):
        bound = BoundKernel(partial(_checked_infer, op, runtime, bound.infer), bound.compute,
                            bound.dynamic)
    if not run.run_type.data_type.is_complex:
        return bound
    grads = [(var, forward_var_name(name)) for slot, names in op.outputs.items()
             for name, var in zip(names, runtime.outputs.get(slot, ()), strict=False)
             if var is not None and forward_var_name(name) != name]
    if not grads:
        return bound
    return BoundKernel(bound.infer, partial(_complex_grads_to_real, bound.compute, scope, grads),
                       bound.dynamic)


def run_kernel(op: KernelOp, scope: Scope, runtime: RuntimeContext,
               run: KernelRun) -> list[str]:
    """Run `op` with its chosen kernel; returns the transforms applied to its inputs."""
    dev_ctx = DeviceContextPool.instance().get(run.place)
    transfer, applied = op.prepare_data(scope, runtime, run.run_type, run.input_targets)
    try:
        run_bound(op.type, run, bind_kernel(op, scope, runtime, run, dev_ctx))
    except ValueError as err:
        raise_if_copy_written(op.type, err, applied)
        raise
    if transfer is not None:
        scope.drop_kids()
    return [str(a) for a in applied]

