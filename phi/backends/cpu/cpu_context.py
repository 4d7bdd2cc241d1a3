"""`CPUContext`: NumPy-backed device context."""

from __future__ import annotations

import numpy as np

from phi.common import Backend, CPUPlace, Place
from phi.core.device_backends import DeviceBackend, register_backend
from phi.core.device_context import DeviceContext


class CPUContext(DeviceContext):
    backend = Backend.CPU

    def __init__(self) -> None:
        super().__init__(CPUPlace(), np)


def _cpu_context(place: Place) -> CPUContext:
    return CPUContext()


register_backend(DeviceBackend("cpu", _cpu_context))
