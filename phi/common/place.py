"""`Place`: the device memory a tensor lives in."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from phi.common.backend import Backend


class AllocationType(IntEnum):
    UNDEFINED = 0
    CPU = 1
    GPU = 2
    GPUPINNED = 3
    CUSTOM = 4


@dataclass(frozen=True)
class Place:
    """A device kind plus a device id; hashable, comparable."""

    alloc_type: AllocationType = AllocationType.CPU
    device_id: int = 0

    def __str__(self) -> str:
        if self.alloc_type is AllocationType.CPU:
            return "Place(cpu)"
        return f"Place({self.alloc_type.name.lower()}:{self.device_id})"

    __repr__ = __str__

    @property
    def is_cpu(self) -> bool:
        return self.alloc_type is AllocationType.CPU

    @property
    def is_gpu(self) -> bool:
        return self.alloc_type is AllocationType.GPU

    def to_backend(self) -> Backend:
        return {AllocationType.CPU: Backend.CPU, AllocationType.GPU: Backend.GPU}.get(
            self.alloc_type, Backend.UNDEFINED
        )

    @classmethod
    def from_backend(cls, backend: Backend, device_id: int = 0) -> Place:
        """The place a backend computes on (GPUDNN computes on GPU, ONEDNN on CPU)."""
        if backend in (Backend.GPU, Backend.GPUDNN, Backend.KPS):
            return cls(AllocationType.GPU, device_id)
        if backend in (Backend.CPU, Backend.ONEDNN):
            return cls(AllocationType.CPU)
        raise ValueError(f"backend {backend} has no place")

    @classmethod
    def parse(cls, text: str) -> Place:
        """Parse 'cpu', 'gpu', 'gpu:1'."""
        kind, _, dev = text.strip().lower().partition(":")
        if kind == "cpu":
            return CPUPlace()
        if kind in ("gpu", "cuda"):
            return GPUPlace(int(dev or 0))
        raise ValueError(f"unknown place {text!r}; expected 'cpu' or 'gpu[:N]'")


def CPUPlace() -> Place:  # noqa: N802 - Paddle's name for the concept
    return Place(AllocationType.CPU)


def GPUPlace(device_id: int = 0) -> Place:  # noqa: N802 - Paddle's name for the concept
    return Place(AllocationType.GPU, device_id)
