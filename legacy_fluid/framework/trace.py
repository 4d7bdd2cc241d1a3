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


@dataclass
class OpTrace:
    index: int
    type: str
    path: DispatchPath
    kernel: str  # PHI kernel name or legacy kernel class
    key: str  # KernelKey or OpKernelType, as text
    transforms: list[str] = field(default_factory=list)
    fused: list[str] = field(default_factory=list)  # op types a plan pass fused into this op

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "path": self.path.value}
