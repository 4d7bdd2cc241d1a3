"""`OpTrace`: what the executor chose for one op (shown by `fluidphi run --trace`)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from phi.common.vocabulary import Vocabulary


class DispatchPath(Vocabulary):
    """Which kind of kernel served an op, and where."""

    PHI = "phi"
    LEGACY = "legacy"
    PHI_CPU_FALLBACK = "phi-cpu-fallback"
    LEGACY_CPU_FALLBACK = "legacy-cpu-fallback"
    FRAMEWORK = "framework"  # an op that runs itself (control flow, tensor arrays)

    @property
    def is_phi(self) -> bool:
        return self in (DispatchPath.PHI, DispatchPath.PHI_CPU_FALLBACK)

    @property
    def is_fallback(self) -> bool:
        return self in (DispatchPath.PHI_CPU_FALLBACK, DispatchPath.LEGACY_CPU_FALLBACK)


class NoteKind(Vocabulary):
    """Why an op did not run its plain kernel on the executor's place."""

    CPU_ONLY = "cpu-only"  # no kernel for the device: a CPU kernel ran, with transfers
    FORCED_CPU = "forced-cpu"  # the op was forced to CPU (`cpu_ops`, `--cpu-ops`)
    LIBRARY_FALLBACK = "library-fallback"  # use_cudnn / use_mkldnn: no such kernel, plain ran


def cpu_only_note(place: object) -> str:
    return f"no kernel for {place}: ran on CPU, inputs moved to the host, outputs stay there"


FORCED_CPU_NOTE = "forced to CPU (cpu_ops): inputs moved to the host, outputs stay there"


def library_note(library: str, attribute: str) -> str:
    return f"{attribute} asked for a {library} kernel; none is registered: the plain one ran"


@dataclass
class OpTrace:
    index: int
    type: str
    path: DispatchPath
    kernel: str  # PHI kernel name or legacy kernel class
    key: str  # KernelKey or OpKernelType, as text
    transforms: list[str] = field(default_factory=list)
    fused: list[str] = field(default_factory=list)  # op types a plan pass fused into this op
    note: str = ""  # why the op left its plain kernel on the place (see `NoteKind`)
    note_kind: NoteKind | None = None

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "path": self.path.value,
                "note_kind": self.note_kind.value if self.note_kind else None}
