"""`Backend`: where and with which library a kernel computes.

The built-in backends are the members of `Backend`; a plug-in device type gets a
`CustomBackend` numbered after them (Paddle numbers custom device backends
``NUM_BACKENDS + the device type's global id`` the same way).
"""

from __future__ import annotations

import re
from enum import IntEnum
from typing import Any


class Backend(IntEnum):
    """A superset of place: a device plus the library computing on it.

    ``ALL_BACKEND`` (== ``UNDEFINED``) is only meaningful for kernel
    registration and selection: a kernel registered for it serves any backend.
    """

    UNDEFINED = 0
    CPU = 1
    GPU = 2
    XPU = 3
    ONEDNN = 4
    GPUDNN = 5
    KPS = 6
    CUSTOM = 7
    #: CPU kernels JIT-compiled by Numba (an optional library, like ONEDNN; docs/devices.md)
    NUMBA = 8
    ALL_BACKEND = 0

    def __str__(self) -> str:
        return "ALL_BACKEND" if self is Backend.UNDEFINED else self.name


#: Plug-in device backends are numbered from here on.
NUM_BACKENDS = 9

#: A plug-in device type's name: what `--place` and `Place(name:N)` spell.
DEVICE_TYPE_NAME = re.compile(r"[a-z][a-z0-9_]*")


class CustomBackend(int):
    """The backend of one plug-in device type; one object per type, so `is` compares it.

    `stands_in_for` is a built-in backend whose kernels the device may run where it has
    none of its own (the `emulated` device stands in for GPU: it runs the GPU kernels'
    bodies on its own memory); None for a device that runs only the kernels registered
    for it, and CPU kernels with transfers otherwise.
    """

    device_type: str
    stands_in_for: Backend | None

    def __new__(cls, value: int, device_type: str, stands_in_for: Backend | None) -> CustomBackend:
        self = super().__new__(cls, value)
        self.device_type = device_type
        self.stands_in_for = stands_in_for
        return self

    @property
    def name(self) -> str:
        return self.device_type.upper()

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"<CustomBackend.{self.name}: {int(self)}>"

    def __reduce__(self) -> tuple[Any, ...]:
        return custom_backend, (self.device_type,)

    def __copy__(self) -> CustomBackend:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> CustomBackend:
        return self


#: Every backend a kernel key may hold.
AnyBackend = Backend | CustomBackend

_CUSTOM: dict[str, CustomBackend] = {}
#: The backends that are a library on a device, and the device's plain backend.
LIBRARY_BACKENDS = {Backend.GPUDNN: Backend.GPU, Backend.ONEDNN: Backend.CPU,
                    Backend.NUMBA: Backend.CPU}


def check_device_type_name(name: str) -> str:
    builtin = {b.name.lower() for b in Backend} | {"cuda", "all_backend"}
    if not isinstance(name, str) or not DEVICE_TYPE_NAME.fullmatch(name) or name in builtin:
        raise ValueError(
            f"device type name {name!r}: expected lower-case letters, digits and _ "
            f"(a letter first), not a built-in backend ({', '.join(sorted(builtin))})"
        )
    return name


def register_custom_backend(device_type: str, stands_in_for: Backend | None = None
                            ) -> CustomBackend:
    """The backend of `device_type`, made on first use (its number never changes after).

    Registering the type again updates what it stands in for.
    """
    check_device_type_name(device_type)
    if stands_in_for is not None and stands_in_for not in (Backend.CPU, Backend.GPU,
                                                             Backend.XPU):
        raise ValueError(f"device type {device_type!r}: stands_in_for must be CPU, GPU or XPU, "
                         f"not {stands_in_for}")
    backend = _CUSTOM.get(device_type)
    if backend is None:
        backend = _CUSTOM[device_type] = CustomBackend(NUM_BACKENDS + len(_CUSTOM), device_type,
                                                       stands_in_for)
    backend.stands_in_for = stands_in_for
    return backend


def custom_backend(device_type: str) -> CustomBackend:
    """The backend of a registered device type; ValueError naming the known ones."""
    backend = _CUSTOM.get(device_type)
    if backend is None:
        known = ", ".join(sorted(_CUSTOM)) or "none"
        raise ValueError(f"no device type {device_type!r} is registered (registered: {known})")
    return backend


def backend_named(name: str) -> AnyBackend:
    """`Backend` member or registered device type by name ('GPU', 'gpu', 'emulated')."""
    if isinstance(name, (Backend, CustomBackend)):
        return name
    text = str(name)
    member = Backend.__members__.get(text.upper())
    if member is not None:
        return member
    return custom_backend(text.lower())
