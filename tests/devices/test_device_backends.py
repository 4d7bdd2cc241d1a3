"""Every kind of device is found by name through one registry (`DEVICE_BACKENDS`): the
built-in CPU and GPU backends, the emulated device and plug-ins register the same way,
and the context pool reaches a place's device only through it."""

from __future__ import annotations

import numpy as np
import pytest

from legacy_fluid.framework.op_kernel import OP_KERNELS
from phi.backends.devices import DEVICE_TYPES
from phi.common import CPUPlace, CustomPlace, Place
from phi.core.device_backends import (
    DEVICE_BACKENDS,
    DeviceBackend,
    DeviceContextPool,
    device_backend,
    register_backend,
)
from phi.core.device_context import DeviceContext, DeviceUnavailableError
from phi.core.kernel_factory import KERNELS
from phi.core.registry import scoped
from tests.devices import toy_device


def test_the_builtin_devices_are_registered_by_the_names_places_spell() -> None:
    for text in ("cpu", "gpu", "emulated"):
        place = Place.parse(text)
        backend = device_backend(place)
        assert backend.name == place.kind == text
        assert DEVICE_BACKENDS[text] is backend


def test_a_registered_backend_makes_the_contexts_of_its_places() -> None:
    made: list[Place] = []

    def make(place: Place) -> DeviceContext:
        made.append(place)
        return DeviceContext(place, np)

    with scoped(DEVICE_BACKENDS, inherit=True):
        register_backend(DeviceBackend("fakedev", make))
        pool = DeviceContextPool()
        ctx = pool.get(CustomPlace("fakedev", 1))
        assert pool.get(CustomPlace("fakedev", 1)) is ctx  # made once per place
        assert made == [CustomPlace("fakedev", 1)] and ctx.place == made[0]
        assert pool.get(CPUPlace()) is not ctx


def test_a_context_the_backend_refuses_to_reuse_is_made_again() -> None:
    with scoped(DEVICE_BACKENDS, inherit=True):
        register_backend(DeviceBackend("fresh", lambda p: DeviceContext(p, np),
                                       reuse=lambda ctx: False))
        pool = DeviceContextPool()
        assert pool.get(CustomPlace("fresh")) is not pool.get(CustomPlace("fresh"))


def test_a_plugin_device_registers_its_backend_like_the_builtin_ones() -> None:
    # register() adds the toy kernels too: scoped, so no later test sees them
    with scoped(DEVICE_TYPES, DEVICE_BACKENDS, KERNELS, OP_KERNELS, inherit=True):
        toy_device.register()
        assert DEVICE_BACKENDS["toy"].name == "toy"
        ctx = DeviceContextPool().get(CustomPlace("toy"))
        assert ctx.xp is toy_device.TOY.xp


def test_an_unknown_name_asks_the_plugin_loader_and_says_what_is_registered() -> None:
    with pytest.raises(DeviceUnavailableError,
                       match=r"no device type 'nosuch' is registered \(registered: .*emulated"):
        DeviceContextPool().get(Place.parse("nosuch"))
