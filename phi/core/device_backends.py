"""Device backends found by name, and `DeviceContextPool` over them.

Every kind of device (CPU, GPU, the emulated device, plug-in device types) registers
one `DeviceBackend` under the name `Place.kind` spells ('cpu', 'gpu', 'emulated', ...);
the pool makes a place's device context through it. The core never imports a backend:
the first lookup imports the ``phi.backends`` package (whose modules register the
built-in ones), and a name still unknown then is handed to the registered finders (the
plug-in loader of ``phi.backends.devices``), which register it or say why not.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from phi.common import Place
from phi.core.device_context import DeviceContext, DeviceUnavailableError
from phi.core.registry import Registry


def _always_current(ctx: DeviceContext) -> bool:
    return True


@dataclass(frozen=True)
class DeviceBackend:
    """How the pool reaches one kind of device.

    `make_context(place)` makes a new device context for a place of this kind;
    `reuse(ctx)` runs whenever the pool hands out a context it made before (a GPU
    makes its device, stream and memory pool current again) and says whether the
    context is still valid (False: the pool makes a new one, e.g. a plug-in device
    type registered again).
    """

    name: str
    make_context: Callable[[Place], DeviceContext]
    reuse: Callable[[DeviceContext], bool] = _always_current


#: Device backends by name (`Place.kind`); the built-in ones register on first lookup.
DEVICE_BACKENDS: Registry[str, DeviceBackend] = Registry(
    "device backend", loaders=("phi.backends",))

#: Called with a name no backend is registered under; each may register it, or raise
#: `DeviceUnavailableError` saying why it cannot.
BACKEND_FINDERS: list[Callable[[str], None]] = []


def register_backend(backend: DeviceBackend) -> DeviceBackend:
    return DEVICE_BACKENDS.add(backend.name, backend)


def add_backend_finder(finder: Callable[[str], None]) -> None:
    if finder not in BACKEND_FINDERS:
        BACKEND_FINDERS.append(finder)


def device_backend(place: Place) -> DeviceBackend:
    """The backend of `place`'s kind of device (finders asked when it is unknown)."""
    name = place.kind
    backend = DEVICE_BACKENDS.get(name)
    if backend is None:
        for finder in list(BACKEND_FINDERS):
            finder(name)
            backend = DEVICE_BACKENDS.get(name)
            if backend is not None:
                break
    if backend is None:
        known = ", ".join(sorted(DEVICE_BACKENDS.keys()))
        raise DeviceUnavailableError(
            f"no device context for {place}: no device backend '{name}' is registered "
            f"(registered: {known})")
    return backend


class DeviceContextPool:
    """One device context per place, made on first use through the place's backend."""

    _instance: ClassVar[DeviceContextPool | None] = None

    def __init__(self) -> None:
        self._contexts: dict[Place, tuple[DeviceContext, DeviceBackend]] = {}

    @classmethod
    def instance(cls) -> DeviceContextPool:
        if cls._instance is None:
            cls._instance = cls()
        return cls._instance

    def get(self, place: Place) -> DeviceContext:
        made = self._contexts.get(place)
        if made is not None and made[1].reuse(made[0]):
            return made[0]
        backend = device_backend(place)
        ctx = backend.make_context(place)
        self._contexts[place] = ctx, backend
        return ctx
