"""`GPUContext`: CuPy-backed device context (needs the `gpu` extra and a CUDA device)."""

from __future__ import annotations

from typing import Any

import numpy as np

from phi.common import Backend, GPUPlace
from phi.core.device_context import DeviceContext, DeviceUnavailableError


class GPUUnavailableError(DeviceUnavailableError):
    """No usable CUDA device (CuPy missing or no device visible)."""


def cuda_device_count() -> int:
    """How many CUDA devices CuPy sees; 0 when CuPy or a driver is missing."""
    try:
        import cupy

        return int(cupy.cuda.runtime.getDeviceCount())
    except Exception:
        return 0


class GPUContext(DeviceContext):
    backend = Backend.GPU

    def __init__(self, device_id: int = 0) -> None:
        if cuda_device_count() <= device_id:
            raise GPUUnavailableError(
                f"place gpu:{device_id} requested but no CUDA device is usable "
                "(install the `gpu` extra, i.e. cupy, on a machine with an NVIDIA GPU)"
            )
        import cupy

        super().__init__(GPUPlace(device_id), cupy)
        self._device = cupy.cuda.Device(device_id)

    def to_device(self, array: Any) -> Any:
        with self._device:
            return self.xp.asarray(array)

    def to_host(self, array: Any) -> np.ndarray:
        return self.xp.asnumpy(array)

    def synchronize(self) -> None:
        self._device.synchronize()
