"""Plug-in devices: register a device type and fluidphi runs programs on it.

A device type is a name (what ``--place`` and ``Place(name:N)`` spell), the array
module its kernels compute with, host <-> device copies and a device-context factory
(`DeviceType`). After `register_device`:

- kernels register for it like for any backend: ``register_kernel("relu", "mydev", ...)``
  (PHI) and ``register_op_kernel("relu", "mydev", ReluKernel, ...)`` (legacy);
- ``DeviceContextPool.get(CustomPlace("mydev", 0))`` (`phi.core.device_backends`) makes
  its context through the device backend registered under its name, so kernels get
  ``dev_ctx.xp`` = its array module and allocate its memory;
- the place transforms copy between it and the host (and any other device, through the
  host) with its `to_device` / `to_host`;
- an op with no kernel for it runs on CPU with transfers in and out; a device that
  `stands_in_for` a built-in backend runs that backend's kernels where it has none of
  its own (the `emulated` device stands in for GPU).

Device types outside this package are found through the ``fluidphi.devices`` entry
point group or the ``FLUIDPHI_DEVICE_PLUGINS`` environment variable (modules to import,
comma-separated), both read the first time an unknown device type is asked for.
docs/devices.md has a complete example.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from phi.common import Backend, CustomBackend, CustomPlace, Place
from phi.common.backend import check_device_type_name, register_custom_backend
from phi.core.device_backends import DeviceBackend, add_backend_finder, register_backend
from phi.core.device_context import DeviceContext, DeviceUnavailableError
from phi.core.registry import Registry

if TYPE_CHECKING:
    from types import ModuleType

#: Environment variable naming modules that register device types when imported.
PLUGINS_ENV = "FLUIDPHI_DEVICE_PLUGINS"
ENTRY_POINT_GROUP = "fluidphi.devices"


@dataclass(frozen=True, eq=False)
class DeviceType:
    """What fluidphi needs to know about a kind of device.

    `to_device(host_array, device_id)` copies a NumPy array into the device's memory;
    `to_host(device_array)` copies one back (a NumPy array). `context(place)` makes the
    device context kernels get (default: `CustomDeviceContext`). `device_count()` says
    how many devices of the type are usable (0: `DeviceUnavailableError` with
    `unavailable` as the reason).
    """

    name: str
    xp: ModuleType | Any
    to_device: Callable[[Any, int], Any]
    to_host: Callable[[Any], np.ndarray]
    context: Callable[[Place], DeviceContext] | None = None
    stands_in_for: Backend | None = None
    device_count: Callable[[], int] | None = None
    description: str = ""
    unavailable: str = "no device of this type is usable on this machine"

    @property
    def backend(self) -> CustomBackend:
        from phi.common.backend import custom_backend

        return custom_backend(self.name)


class CustomDeviceContext(DeviceContext):
    """The device context of a plug-in device: its array module and copies."""

    def __init__(self, place: Place, device: DeviceType) -> None:
        super().__init__(place, device.xp)
        self.device = device
        self.backend = device.backend

    def to_device(self, array: Any) -> Any:
        return self.device.to_device(array, self.place.device_id)

    def to_host(self, array: Any) -> np.ndarray:
        return self.device.to_host(array)


#: Registered device types by name; the built-in ones register when first looked up.
DEVICE_TYPES: Registry[str, DeviceType] = Registry(
    "device type", loaders=("phi.backends.emulated",))


def register_device(device: DeviceType) -> CustomBackend:
    """Register a device type; returns its backend (for `register_kernel`)."""
    check_device_type_name(device.name)
    backend = register_custom_backend(device.name, device.stands_in_for)
    DEVICE_TYPES.add(device.name, device)
    register_backend(DeviceBackend(device.name, make_context, _current))
    return backend


def _current(ctx: DeviceContext) -> bool:
    """Whether a plug-in device's context still belongs to its registered device type
    (False when the type was registered again, or scoped away: the pool makes a new one)."""
    device = getattr(ctx, "device", None)
    return device is None or DEVICE_TYPES.get(ctx.place.device_type) is device


_plugins_loaded = False


def load_plugins() -> None:
    """Import the device plug-ins named by the entry point group and `PLUGINS_ENV`, once."""
    from importlib.metadata import entry_points  # here: a cold start of a CPU run skips it

    global _plugins_loaded
    if _plugins_loaded:
        return
    _plugins_loaded = True
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        loaded = ep.load()
        if callable(loaded):
            loaded()
    for name in filter(None, (m.strip() for m in os.environ.get(PLUGINS_ENV, "").split(","))):
        importlib.import_module(name)


def device_type(name: str) -> DeviceType:
    """The registered device type `name` (plug-ins loaded first when it is unknown)."""
    device = DEVICE_TYPES.get(name)
    if device is None:
        load_plugins()
        device = DEVICE_TYPES.get(name)
    if device is None:
        known = ", ".join(device_type_names()) or "none"
        raise DeviceUnavailableError(
            f"place '{name}': no device type '{name}' is registered (registered: {known}; "
            f"built-in places: cpu, gpu). Register one with "
            f"phi.backends.devices.register_device or name its module in {PLUGINS_ENV} "
            "(docs/devices.md)")
    return device


def _find_device_type(name: str) -> None:
    """The pool's finder for unknown names: load the plug-ins; a name none of them
    registers is a `DeviceUnavailableError` naming the registered ones."""
    device_type(name)


add_backend_finder(_find_device_type)


def device_type_names() -> list[str]:
    return sorted(DEVICE_TYPES.keys())


def make_context(place: Place) -> DeviceContext:
    """A new device context for a plug-in device's place."""
    device = device_type(place.device_type)
    count = 1 if device.device_count is None else device.device_count()
    if place.device_id >= count:
        raise DeviceUnavailableError(
            f"place {place.kind}:{place.device_id} requested but "
            + (device.unavailable if count == 0 else f"only {count} such device(s) exist"))
    ctx = device.context(place) if device.context is not None else CustomDeviceContext(
        place, device)
    return ctx


def custom_place(name: str, device_id: int = 0) -> Place:
    """The place of device `device_id` of a registered device type."""
    device_type(name)
    return CustomPlace(name, device_id)


def gpu_or_stand_in() -> Place:
    """gpu:0 where CuPy sees a CUDA device; else the emulated device, which runs the GPU
    kernels' bodies on memory of its own (what CI checks GPU registrations on)."""
    from phi.backends.gpu.gpu_context import cuda_device_count

    if cuda_device_count() > 0:
        return Place.parse("gpu")
    device_type("emulated")
    return CustomPlace("emulated", 0)
