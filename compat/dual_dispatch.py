"""The dual-dispatch run of one op: PHI first, legacy otherwise, CPU fallback last.

The choice is made once per op (per expected kernel type) and reused; each
run returns an `OpTrace` saying which path, kernel and key served it.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable
from functools import cached_property, partial
from typing import Any

from compat.arg_mapping import get_kernel_signature, kernel_choices
from compat.arg_mapping_context import ExecutionArgumentMappingContext
from compat.infer_shape_by_meta import install as install_infer_shape_by_meta
from compat.kernel_crop import check_choice
from compat.kernel_library import KernelLibrary, preferred, use_library
from compat.kernel_signature import KernelSignature
from compat.phi_args import build_kernel_args, is_tensor_attr
from legacy_fluid.framework.execution_context import (
    ExecutionContext,
    InferShapeContext,
    RuntimeContext,
)
from legacy_fluid.framework.kernel_run import (
    KernelRun,
    LegacyKernelRun,
    run_kernel,
    trace_of,
)
from legacy_fluid.framework.op_kernel import OP_KERNELS
from legacy_fluid.framework.op_kernel_type import LibraryType, OpKernelType, requested_library
from legacy_fluid.framework.operator import OperatorBase, OperatorWithKernel
from legacy_fluid.framework.scope import Scope
from legacy_fluid.framework.trace import (
    FORCED_CPU_NOTE,
    DispatchPath,
    NoteKind,
    OpTrace,
    cpu_only_note,
    library_note,
)
from phi.common import Backend, CPUPlace, DataLayout, DataType, Place
from phi.common.vocabulary import Vocabulary
from phi.core.bound_kernel import BoundKernel
from phi.core.device_backends import DeviceContextPool
from phi.core.device_context import DeviceContext
from phi.core.infermeta_utils import INFER_METAS, InferMetaBinding, InferMetaPlan
from phi.core.kernel_context import KernelContext
from phi.core.kernel_factory import KERNELS, Kernel


class PathMode(Vocabulary):
    """Which kernels a run may use (`--path`)."""

    AUTO = "auto"
    PHI = "phi"
    LEGACY = "legacy"


class NoKernelError(LookupError):
    """Neither a PHI nor a legacy kernel (nor a CPU fallback) can run an op."""


class PhiKernelRun(KernelRun):
    """A PHI kernel for one op: arguments mapped from the op's slots by its signature,
    meta set by the kernel's InferMeta (the op's legacy infer_shape when it has none)."""

    def __init__(self, expected: OpKernelType, path: DispatchPath, place: Place,
                 kernel: Kernel, signature: KernelSignature,
                 infer_meta: InferMetaBinding | None) -> None:
        super().__init__(expected, path, place)
        self.kernel = kernel
        self.signature = signature
        self.binding = infer_meta
        self.attr_cache: dict[int, Any] = {}

    @property
    def kernel_name(self) -> str:
        return self.kernel.name

    @cached_property
    def key_text(self) -> str:
        return str(self.kernel.key)

    @cached_property
    def infer_meta(self) -> InferMetaPlan | None:
        """The kernel's InferMeta, bound to its arguments; None: legacy infer_shape."""
        if self.binding is None:
            return None
        return InferMetaPlan(self.binding, self.kernel.args_def)

    @cached_property
    def input_targets(self) -> dict[str, OpKernelType | None]:
        """Per input slot the PHI kernel reads as a tensor, the kernel type its arg def
        wants (None for an ALL_BACKEND arg); other slots (a tensor read as an attribute,
        such as ScaleTensor) stay where they are."""
        base = self.run_type
        wanted: dict[str, OpKernelType | None] = {}
        for slot, arg in zip(self.signature.inputs, self.kernel.args_def.inputs):
            if arg.backend is Backend.ALL_BACKEND:
                wanted[slot] = None
                continue
            place = base.place
            if arg.backend != self.kernel.key.backend:
                place = Place.from_backend(arg.backend)
            dtype = base.data_type if arg.dtype is DataType.UNDEFINED else arg.dtype
            layout = arg.layout if arg.layout is not DataLayout.ALL_LAYOUT else DataLayout.ANY
            wanted[slot] = OpKernelType(dtype, place, layout, base.library_type)
        return wanted

    def bind(self, op: OperatorWithKernel, scope: Scope, runtime: RuntimeContext,
             dev_ctx: DeviceContext) -> BoundKernel:
        """Arguments gathered once; an attribute read from a tensor (ScaleTensor) is read
        again, and the meta inferred again, on every call."""

        def gather() -> KernelContext:
            return build_kernel_args(op, runtime, self.signature, self.kernel.args_def,
                                     self.attr_cache, dev_ctx)

        beyond = (type(op).infer_outputs_beyond_kernel
                  is not OperatorWithKernel.infer_outputs_beyond_kernel)

        def infer(args: KernelContext) -> None:
            if self.infer_meta is None:
                op.infer_shape(InferShapeContext(op, runtime))
                return
            self.infer_meta(args)
            if beyond:  # outputs the kernel has no argument for (transpose2's XShape)
                op.infer_outputs_beyond_kernel(InferShapeContext(op, runtime))

        if any(is_tensor_attr(op, slot) for slot in self.signature.attrs):
            gathered: list[KernelContext] = []

            def gather_and_infer() -> None:
                gathered[:] = [gather()]
                infer(gathered[0])

            def compute() -> None:
                self.kernel(gathered[0])

            return BoundKernel(gather_and_infer, compute, dynamic=True)
        args = gather()
        return BoundKernel(partial(infer, args),
                           partial(self.kernel.fn, dev_ctx, *args.inputs, *args.attrs,
                                   *args.outputs))


def choose_kernel(
    op: OperatorWithKernel, expected: OpKernelType, sig: KernelSignature | None, mode: PathMode
) -> KernelRun:
    """Pick the kernel for `expected` following the dual-dispatch order (kernel_selection.md):
    a kernel of the library the op asks for (GPUDNN / ONEDNN, PHI first) where one is
    registered, else the plain kernel with the fallback noted (not noted where the library
    is the run's preference, `compat.kernel_library`, rather than the op's); on a device,
    a CPU kernel with transfers in and out when the device has none (noted too). Under a crop file
    (`compat.kernel_crop.held_to`) a choice outside it raises `CropError`."""
    choice = _choose_any(op, expected, sig, mode)
    check_choice(op.type, choice.kernel_name, choice.key_text, choice.path.value)
    return choice


def _choose_any(
    op: OperatorWithKernel, expected: OpKernelType, sig: KernelSignature | None, mode: PathMode
) -> KernelRun:
    if expected.library_type is not LibraryType.PLAIN:
        choice = _library_kernel(op, expected, sig, mode)
        if choice is not None:
            return choice
        choice = _choose(op, expected.with_library(LibraryType.PLAIN), sig, mode)
        choice.requested = expected
        asked = requested_library(op.attrs, expected.place)
        if asked is None:  # the run's preference (`compat.kernel_library`), not the op's
            return choice  # attribute: the plain kernel is its expected fallback
        library = str(expected.to_kernel_key().backend)
        note = library_note(library, asked[1])
        if choice.note_kind is None:
            choice.note, choice.note_kind = note, NoteKind.LIBRARY_FALLBACK
        else:  # a CPU fallback as well: that is the kind that matters
            choice.note = f"{note}; {choice.note}"
        return choice
    return _choose(op, expected, sig, mode)


def _library_kernel(op: OperatorWithKernel, expected: OpKernelType, sig: KernelSignature | None,
                    mode: PathMode) -> KernelRun | None:
    """A kernel registered for exactly the library of `expected` on its place, or None."""
    if mode is not PathMode.LEGACY and sig is not None:
        kernel = KERNELS.select(sig.name, expected.to_kernel_key(), exact_backend=True)
        if kernel is not None:
            return PhiKernelRun(expected, DispatchPath.PHI, expected.place, kernel, sig,
                                INFER_METAS.get(sig.name))
    if mode is not PathMode.PHI:
        cls = OP_KERNELS.find(op.type, expected, exact_library=True)
        if cls is not None:
            return LegacyKernelRun(cls, expected)
    return None


def _choose(
    op: OperatorWithKernel, expected: OpKernelType, sig: KernelSignature | None, mode: PathMode
) -> KernelRun:
    factory, legacy = KERNELS, OP_KERNELS
    use_phi = mode is not PathMode.LEGACY and sig is not None and factory.has_kernel(sig.name)
    use_legacy = mode is not PathMode.PHI
    tried: list[str] = []
    if use_phi:
        assert sig is not None
        kernel = factory.select(sig.name, expected.to_kernel_key())
        if kernel is not None:
            return PhiKernelRun(expected, DispatchPath.PHI, expected.place, kernel, sig,
                                INFER_METAS.get(sig.name))
        tried.append(f"PHI '{sig.name}' {expected.to_kernel_key()}")
    if use_legacy:
        cls = legacy.find(op.type, expected)
        if cls is not None:
            return LegacyKernelRun(cls, expected)
        tried.append(f"legacy {expected}")
    if not expected.place.is_cpu:
        cpu = expected.with_place(CPUPlace())
        fallback: KernelRun | None = None
        if use_phi:
            assert sig is not None
            key = cpu.to_kernel_key().with_(backend=Backend.CPU)
            kernel = factory.select(sig.name, key)
            if kernel is not None:
                fallback = PhiKernelRun(expected, DispatchPath.PHI_CPU_FALLBACK, CPUPlace(),
                                        kernel, sig, INFER_METAS.get(sig.name))
            else:
                tried.append(f"PHI '{sig.name}' {key}")
        if fallback is None and use_legacy:
            cls = legacy.find(op.type, cpu)
            if cls is not None:
                fallback = LegacyKernelRun(cls, expected, DispatchPath.LEGACY_CPU_FALLBACK,
                                           CPUPlace())
            else:
                tried.append(f"legacy {cpu}")
        if fallback is not None:
            fallback.note = cpu_only_note(expected.place)
            fallback.note_kind = NoteKind.CPU_ONLY
            return fallback
    if not use_phi and mode is PathMode.PHI:
        tried.append(f"no PHI kernel named '{sig.name if sig else op.type}'")
    raise NoKernelError(
        f"op '{op.type}' (path {mode.value}): no kernel can run it; tried " + "; ".join(tried)
        + _phi_only_hint(op.type, expected, mode)
    )


def _phi_only_hint(op_type: str, expected: OpKernelType, mode: PathMode) -> str:
    """On the legacy path, name the PHI kernel the default path would run (an op whose
    legacy kernels `fluidphi migrate --write` moved to PHI has none left there)."""
    if mode is not PathMode.LEGACY:
        return ""
    key = expected.to_kernel_key()
    keys = [key] if expected.place.is_cpu else [key, key.with_(backend=Backend.CPU)]
    for name, _when in kernel_choices(op_type):
        if KERNELS.has_kernel(name) and any(KERNELS.select(name, k) for k in keys):
            return (f"; PHI kernel '{name}' runs it on the default path (auto): a migrated op "
                    "keeps no legacy kernel")
    return ""


class DualDispatchRunner:
    """An `OpRunner` for legacy_fluid's Executor.

    `cpu_ops`: op types that run on CPU whatever the executor's place (kernel_selection.md:
    ops forced to CPU, e.g. for memory); their inputs move to the host and their outputs
    stay there until a device op reads them.
    """

    def __init__(self, mode: PathMode | str = PathMode.AUTO,
                 cpu_ops: Iterable[str] = (),
                 library: KernelLibrary | str = KernelLibrary.PLAIN) -> None:
        self.mode = PathMode.parse(mode)
        self.cpu_ops = frozenset(cpu_ops)
        self.library = use_library(library)
        # keyed by the operator itself (weakly): an id() key could be taken over by a
        # later operator once the first is freed, and then run the wrong kernel
        self._choices: weakref.WeakKeyDictionary[OperatorBase, KernelRun] = (
            weakref.WeakKeyDictionary())

    def choice_for(self, op: OperatorBase) -> KernelRun | None:
        """The kernel choice made for `op` on its last run, if any."""
        return self._choices.get(op)

    def remember(self, op: OperatorBase, choice: KernelRun) -> None:
        self._choices[op] = choice

    def __call__(self, op: OperatorBase, scope: Scope, place: Place) -> OpTrace:
        if not isinstance(op, OperatorWithKernel):
            return op.run(scope, place)
        runtime = RuntimeContext.build(op, scope)
        choice = self._choices.get(op)
        forced = forced_to_cpu(op, place, self.cpu_ops)
        expected = preferred(op.expected_kernel_type(ExecutionContext(
            op, scope, DeviceContextPool.instance().get(forced or place), runtime)),
            self.library)
        if choice is None or choice.requested != expected:
            sig = None
            if self.mode is not PathMode.LEGACY:
                sig = get_kernel_signature(op.proto, ExecutionArgumentMappingContext(op, runtime))
            choice = self._choices[op] = choose_kernel(op, expected, sig, self.mode)
            if forced is not None:
                note_forced(choice)
        applied = run_kernel(op, scope, runtime, choice)
        return trace_of(op, choice, applied)


def forced_to_cpu(op: OperatorBase, place: Place, cpu_ops: frozenset[str]) -> Place | None:
    """CPUPlace when `op` is one of `cpu_ops` on a device place, else None."""
    return CPUPlace() if op.type in cpu_ops and not place.is_cpu else None


def note_forced(choice: KernelRun) -> None:
    """Say in the trace that the op was forced to CPU (after any library fallback note)."""
    choice.note = f"{choice.note}; {FORCED_CPU_NOTE}" if choice.note else FORCED_CPU_NOTE
    choice.note_kind = NoteKind.FORCED_CPU


install_infer_shape_by_meta()  # legacy ops that declare no infer_shape use their InferMeta
