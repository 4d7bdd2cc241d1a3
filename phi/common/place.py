"""`Place`: the device memory a tensor lives in."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from phi.common.backend import (
    DEVICE_TYPE_NAME,
    AnyBackend,
    Backend,
    CustomBackend,
    custom_backend,
)


class AllocationType(IntEnum):
    UNDEFINED = 0
    CPU = 1
    GPU = 2
    GPUPINNED = 3
    CUSTOM = 4


@dataclass(frozen=True)
class Place:
    """A device kind plus a device id; hashable, comparable.

    A plug-in device's place is CUSTOM with the device type's registered name
    (`CustomPlace('emulated', 0)` prints as ``Place(emulated:0)``).
    """

    alloc_type: AllocationType = AllocationType.CPU
    device_id: int = 0
    device_type: str = ""  # CUSTOM places only: the registered device type

    def __str__(self) -> str:
        if self.alloc_type is AllocationType.CPU:
            return "Place(cpu)"
        return f"Place({self.kind}:{self.device_id})"

    __repr__ = __str__

    @property
    def kind(self) -> str:
        """'cpu', 'gpu' or the device type's name: what `--place` spells."""
        if self.alloc_type is AllocationType.CUSTOM:
            return self.device_type
        return self.alloc_type.name.lower()

    @property
    def is_cpu(self) -> bool:
        return self.alloc_type is AllocationType.CPU

    @property
    def is_gpu(self) -> bool:
        return self.alloc_type is AllocationType.GPU

    @property
    def is_custom(self) -> bool:
        return self.alloc_type is AllocationType.CUSTOM

    @property
    def is_gpu_like(self) -> bool:
        """A GPU, or a plug-in device that stands in for one (runs GPU kernels)."""
        if self.is_custom:
            return custom_backend(self.device_type).stands_in_for is Backend.GPU
        return self.is_gpu

    def with_device_id(self, device_id: int) -> Place:
        return Place(self.alloc_type, device_id if not self.is_cpu else 0, self.device_type)

    def to_backend(self) -> AnyBackend:
        if self.is_custom:
            return custom_backend(self.device_type)
        return {AllocationType.CPU: Backend.CPU, AllocationType.GPU: Backend.GPU}.get(
            self.alloc_type, Backend.UNDEFINED
        )

    @classmethod
    def from_backend(cls, backend: AnyBackend, device_id: int = 0) -> Place:
        """The place a backend computes on (GPUDNN computes on GPU, ONEDNN and NUMBA on
        CPU)."""
        if isinstance(backend, CustomBackend):
            return CustomPlace(backend.device_type, device_id)
        if backend in (Backend.GPU, Backend.GPUDNN, Backend.KPS):
            return cls(AllocationType.GPU, device_id)
        if backend in (Backend.CPU, Backend.ONEDNN, Backend.NUMBA):
            return cls(AllocationType.CPU)
        raise ValueError(f"backend {backend} has no place")

    @classmethod
    def parse(cls, text: str) -> Place:
        """Parse 'cpu', 'gpu', 'gpu:1' or a plug-in device type, 'emulated', 'emulated:0'.

        Only the spelling is checked here; whether the device type is registered is
        checked when its device context is made (`DeviceContextPool.get`).
        """
        kind, _, dev = text.strip().lower().partition(":")
        if dev and not dev.isdigit():
            raise ValueError(f"place {text!r}: the device id after ':' must be a number")
        if kind == "cpu":
            return CPUPlace()
        if kind in ("gpu", "cuda"):
            return GPUPlace(int(dev or 0))
        if DEVICE_TYPE_NAME.fullmatch(kind):
            return CustomPlace(kind, int(dev or 0))
        raise ValueError(f"unknown place {text!r}; expected 'cpu', 'gpu[:N]' or a registered "
                         "device type's name[:N]")


_CPU_PLACE = Place(AllocationType.CPU)


def CPUPlace() -> Place:  # noqa: N802 - Paddle's name for the concept
    return _CPU_PLACE  # places are frozen: one CPU place serves every caller


def GPUPlace(device_id: int = 0) -> Place:  # noqa: N802 - Paddle's name for the concept
    return Place(AllocationType.GPU, device_id)


def CustomPlace(device_type: str, device_id: int = 0) -> Place:  # noqa: N802 - Paddle's name
    """The place of a plug-in device (Paddle's CustomPlace)."""
    return Place(AllocationType.CUSTOM, device_id, device_type)
