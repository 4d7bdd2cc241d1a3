"""`DeviceContextPool`: one device context per place, created on first use."""

from __future__ import annotations

from typing import ClassVar

from phi.common import Place
from phi.core.device_context import DeviceContext


class DeviceContextPool:
    _instance: ClassVar[DeviceContextPool | None] = None

    def __init__(self) -> None:
        self._contexts: dict[Place, DeviceContext] = {}

    @classmethod
    def instance(cls) -> DeviceContextPool:
        if cls._instance is None:
            cls._instance = cls()
        return cls._instance

    def get(self, place: Place) -> DeviceContext:
        ctx = self._contexts.get(place)
        if ctx is not None and place.is_custom and not self._current(ctx):
            ctx = None  # the device type was registered again (or scoped away): a new one
        if ctx is None:
            if place.is_cpu:
                from phi.backends.cpu.cpu_context import CPUContext

                ctx = CPUContext()
            elif place.is_gpu:
                from phi.backends.gpu.gpu_context import GPUContext

                ctx = GPUContext(place.device_id)
            elif place.is_custom:
                from phi.backends.devices import make_context

                ctx = make_context(place)
            else:
                raise ValueError(f"no device context for {place}")
            self._contexts[place] = ctx
        elif place.is_gpu:
            ctx.activate()  # its device, stream and memory pool current again
        return ctx

    @staticmethod
    def _current(ctx: DeviceContext) -> bool:
        from phi.backends.devices import DEVICE_TYPES

        device = getattr(ctx, "device", None)
        return device is None or DEVICE_TYPES.get(ctx.place.device_type) is device
