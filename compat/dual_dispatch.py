"""The dual-dispatch run of one op: PHI first, legacy otherwise, CPU fallback last.

The choice is made once per op (per expected kernel type) and reused; each
run returns an `OpTrace` saying which path, kernel and key served it.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from typing import Any

from compat.arg_mapping import get_kernel_signature
from compat.arg_mapping_context import ExecutionArgumentMappingContext
from compat.kernel_signature import KernelSignature
from compat.phi_args import build_kernel_args
from legacy_fluid.framework.execution_context import (
    ExecutionContext,
    InferShapeContext,
    RuntimeContext,
)
from legacy_fluid.framework.op_kernel import OpKernel, OpKernelMap
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.operator import OperatorBase, OperatorWithKernel
from legacy_fluid.framework.scope import Scope
from legacy_fluid.framework.trace import OpTrace
from phi.backends.context_pool import DeviceContextPool
from phi.common import Backend, CPUPlace, DataLayout, DataType, Place
from phi.core.dense_tensor import DenseTensor
from phi.core.infermeta_utils import InferMetaPlan, MetaFnFactory
from phi.core.kernel_context import KernelContext
from phi.core.kernel_factory import Kernel, KernelFactory
from phi.core.meta_tensor import MetaConfig

_RUNTIME = MetaConfig(is_runtime=True)


class PathMode(str, Enum):
    AUTO = "auto"
    PHI = "phi"
    LEGACY = "legacy"


class NoKernelError(LookupError):
    """Neither a PHI nor a legacy kernel (nor a CPU fallback) can run an op."""


@dataclass
class KernelChoice:
    expected: OpKernelType
    path: str
    place: Place
    phi_kernel: Kernel | None = None
    signature: KernelSignature | None = None
    legacy_kernel: type[OpKernel] | None = None
    attr_cache: dict[int, Any] = field(default_factory=dict)

    # A choice is reused for every run of its op: what follows is computed once.
    @cached_property
    def kernel_name(self) -> str:
        if self.phi_kernel is not None:
            return self.phi_kernel.name
        assert self.legacy_kernel is not None
        return self.legacy_kernel.__qualname__

    @cached_property
    def key_text(self) -> str:
        if self.phi_kernel is not None:
            return str(self.phi_kernel.key)
        return str(self.run_type)

    @cached_property
    def run_type(self) -> OpKernelType:
        """The expected kernel type moved to the place the kernel runs on."""
        return self.expected.with_place(self.place)

    @cached_property
    def infer_meta(self) -> InferMetaPlan | None:
        """The PHI kernel's InferMeta, bound to its arguments; None: legacy infer_shape."""
        assert self.phi_kernel is not None and self.signature is not None
        metas = MetaFnFactory.instance()
        if not metas.contains(self.signature.name):
            return None
        return InferMetaPlan(metas.get(self.signature.name), self.phi_kernel.args_def)

    @cached_property
    def input_targets(self):
        """Per input, the kernel type the PHI kernel's arg def wants (see `_target_for`)."""
        return _target_for(self)


def choose_kernel(
    op: OperatorWithKernel, expected: OpKernelType, sig: KernelSignature | None, mode: PathMode
) -> KernelChoice:
    """Pick the kernel for `expected` following the dual-dispatch order."""
    factory = KernelFactory.instance()
    legacy = OpKernelMap.instance()
    use_phi = mode is not PathMode.LEGACY and sig is not None and factory.has_kernel(sig.name)
    use_legacy = mode is not PathMode.PHI
    tried: list[str] = []
    if use_phi:
        assert sig is not None
        kernel = factory.select(sig.name, expected.to_kernel_key())
        if kernel is not None:
            return KernelChoice(expected, "phi", expected.place, kernel, sig)
        tried.append(f"PHI '{sig.name}' {expected.to_kernel_key()}")
    if use_legacy:
        cls = legacy.find(op.type, expected)
        if cls is not None:
            return KernelChoice(expected, "legacy", expected.place, legacy_kernel=cls)
        tried.append(f"legacy {expected}")
    if not expected.place.is_cpu:
        cpu = expected.with_place(CPUPlace())
        if use_phi:
            assert sig is not None
            key = cpu.to_kernel_key().with_(backend=Backend.CPU)
            kernel = factory.select(sig.name, key)
            if kernel is not None:
                return KernelChoice(expected, "phi-cpu-fallback", CPUPlace(), kernel, sig)
            tried.append(f"PHI '{sig.name}' {key}")
        if use_legacy:
            cls = legacy.find(op.type, cpu)
            if cls is not None:
                return KernelChoice(expected, "legacy-cpu-fallback", CPUPlace(), legacy_kernel=cls)
            tried.append(f"legacy {cpu}")
    if not use_phi and mode is PathMode.PHI:
        tried.append(f"no PHI kernel named '{sig.name if sig else op.type}'")
    raise NoKernelError(
        f"op '{op.type}' (path {mode.value}): no kernel can run it; tried " + "; ".join(tried)
    )


class DualDispatchRunner:
    """An `OpRunner` for legacy_fluid's Executor."""

    def __init__(self, mode: PathMode | str = PathMode.AUTO) -> None:
        self.mode = PathMode(mode)
        # keyed by the operator itself (weakly): an id() key could be taken over by a
        # later operator once the first is freed, and then run the wrong kernel
        self._choices: weakref.WeakKeyDictionary[OperatorBase, KernelChoice] = (
            weakref.WeakKeyDictionary())

    def choice_for(self, op: OperatorBase) -> KernelChoice | None:
        """The kernel choice made for `op` on its last run, if any."""
        return self._choices.get(op)

    def remember(self, op: OperatorBase, choice: KernelChoice) -> None:
        self._choices[op] = choice

    def __call__(self, op: OperatorBase, scope: Scope, place: Place) -> OpTrace:
        if not isinstance(op, OperatorWithKernel):
            return op.run(scope, place)
        pool = DeviceContextPool.instance()
        runtime = RuntimeContext.build(op, scope)
        expected = op.get_expected_kernel_type(
            ExecutionContext(op, scope, pool.get(place), runtime)
        )
        choice = self._choices.get(op)
        if choice is None or choice.expected != expected:
            sig = None
            if self.mode is not PathMode.LEGACY:
                sig = get_kernel_signature(op.proto, ExecutionArgumentMappingContext(op, runtime))
            choice = self._choices[op] = choose_kernel(op, expected, sig, self.mode)
        if choice.phi_kernel is not None:
            applied = run_phi(op, scope, runtime, choice)
        else:
            applied = run_legacy(op, scope, runtime, choice)
        return OpTrace(-1, op.type, choice.path, choice.kernel_name, choice.key_text, applied)


def _target_for(choice: KernelChoice):
    """Per input slot, the kernel type the PHI kernel's arg def wants (None: use the input
    where it is: a tensor read as an attribute such as ScaleTensor, or an ALL_BACKEND arg).

    It depends on the slot only, so the types are worked out once per choice."""
    assert choice.phi_kernel is not None and choice.signature is not None
    base = choice.run_type
    wanted: dict[str, OpKernelType | None] = {}
    for slot, arg in zip(choice.signature.inputs, choice.phi_kernel.args_def.inputs):
        if arg.backend is Backend.ALL_BACKEND:
            wanted[slot] = None
            continue
        place = base.place
        if arg.backend != choice.phi_kernel.key.backend:
            place = Place.from_backend(arg.backend)
        dtype = base.data_type if arg.dtype is DataType.UNDEFINED else arg.dtype
        layout = arg.layout if arg.layout is not DataLayout.ALL_LAYOUT else DataLayout.ANY
        wanted[slot] = OpKernelType(dtype, place, layout, base.library_type)

    def target(slot: str, name: str, tensor: DenseTensor) -> OpKernelType | None:
        return wanted.get(slot)

    return target


def run_phi(
    op: OperatorWithKernel, scope: Scope, runtime: RuntimeContext, choice: KernelChoice
) -> list[str]:
    assert choice.phi_kernel is not None and choice.signature is not None
    kernel, sig = choice.phi_kernel, choice.signature
    dev_ctx = DeviceContextPool.instance().get(choice.place)
    transfer, applied = op.prepare_data(scope, runtime, choice.run_type, choice.input_targets)
    inputs, attrs, outputs = build_kernel_args(
        op, runtime, sig, kernel.args_def, choice.attr_cache
    )
    if choice.infer_meta is not None:
        choice.infer_meta(inputs, attrs, outputs, _RUNTIME)
    else:
        op.infer_shape(InferShapeContext(op, runtime))
    kernel(KernelContext(dev_ctx, inputs, attrs, outputs))
    _finish(scope, transfer)
    return [str(a) for a in applied]


def run_legacy(
    op: OperatorWithKernel, scope: Scope, runtime: RuntimeContext, choice: KernelChoice
) -> list[str]:
    assert choice.legacy_kernel is not None
    dev_ctx = DeviceContextPool.instance().get(choice.place)
    expected = choice.run_type
    transfer, applied = op.prepare_data(scope, runtime, expected)
    op.infer_shape(InferShapeContext(op, runtime))
    choice.legacy_kernel().compute(ExecutionContext(op, scope, dev_ctx, runtime, expected))
    _finish(scope, transfer)
    return [str(a) for a in applied]


def _finish(scope: Scope, transfer: Any) -> None:
    if transfer is not None:
        scope.drop_kids()
