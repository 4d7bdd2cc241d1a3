"""`CPUContext`: NumPy-backed device context."""

from __future__ import annotations

import numpy as np

from phi.common import Backend, CPUPlace
from phi.core.device_context import DeviceContext


class CPUContext(DeviceContext):
    backend = Backend.CPU

    def __init__(self) -> None:
        super().__init__(CPUPlace(), np)
