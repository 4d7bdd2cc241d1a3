"""`OpTrace`: what the executor chose for one op (shown by `fluidphi run --trace`)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class OpTrace:
    index: int
    type: str
    path: str  # "phi" | "legacy" | "phi-cpu-fallback" | "legacy-cpu-fallback"
    kernel: str  # PHI kernel name or legacy kernel class
    key: str  # KernelKey or OpKernelType, as text
    transforms: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)
