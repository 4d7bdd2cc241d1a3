"""`GPUContext`: the CuPy-backed device context (the `gpu` extra and a CUDA device).

Each context owns a CUDA stream (non-blocking) and a CuPy memory pool for its device.
`activate()` makes the device, the stream and the pool current; the context pool calls
it whenever it hands the context out, so the kernels' `dev_ctx.xp` calls (CuPy) queue
on that stream and allocate from that pool. Copies to and from the host run on the same
stream; `to_host` waits for them, `synchronize()` waits for everything queued.

Without CuPy, or without a CUDA device CuPy can use, making a context raises
`GPUUnavailableError` with the reason (never an ImportError): `gpu_unavailable_reason()`
gives the same sentence without raising.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from phi.common import Backend, GPUPlace, Place
from phi.core.device_backends import DeviceBackend, register_backend
from phi.core.device_context import DeviceContext, DeviceUnavailableError

INSTALL_HINT = "install the `gpu` extra (pip install -e '.[gpu]', CuPy for CUDA 12)"


class GPUUnavailableError(DeviceUnavailableError):
    """No usable CUDA device (CuPy missing or no device visible)."""


def _cupy() -> Any:
    """The CuPy module, or None where it cannot be imported."""
    try:
        import cupy
    except Exception:  # ImportError, or a CuPy built for a missing CUDA runtime
        return None
    return cupy


def gpu_unavailable_reason(device_id: int = 0) -> str | None:
    """Why gpu:`device_id` cannot be used here, as a sentence; None when it can."""
    cupy = _cupy()
    if cupy is None:
        return f"CuPy is not installed; {INSTALL_HINT} on a machine with an NVIDIA GPU"
    try:
        count = int(cupy.cuda.runtime.getDeviceCount())
    except Exception as exc:  # no driver, or the driver refuses
        return f"CuPy sees no CUDA driver or device ({type(exc).__name__}: {exc})"
    if count <= device_id:
        return (f"CuPy sees {count} CUDA device(s)"
                + ("" if count == 0 else f" (ids 0..{count - 1})"))
    return None


def cuda_device_count() -> int:
    """How many CUDA devices CuPy sees; 0 when CuPy or a driver is missing."""
    cupy = _cupy()
    if cupy is None:
        return 0
    try:
        return int(cupy.cuda.runtime.getDeviceCount())
    except Exception:
        return 0


class GPUContext(DeviceContext):
    backend = Backend.GPU

    def __init__(self, device_id: int = 0) -> None:
        reason = gpu_unavailable_reason(device_id)
        if reason is not None:
            raise GPUUnavailableError(f"place gpu:{device_id} requested but no CUDA device is "
                                      f"usable: {reason}")
        cupy = _cupy()
        super().__init__(GPUPlace(device_id), cupy)
        self._device = cupy.cuda.Device(device_id)
        with self._device:
            self.stream = cupy.cuda.Stream(non_blocking=True)
            self.memory_pool = cupy.cuda.MemoryPool()
        self.activate()

    @property
    def name(self) -> str:
        """The device's name as the driver reports it (for reports)."""
        props = self.xp.cuda.runtime.getDeviceProperties(self.place.device_id)
        name = props["name"]
        return name.decode() if isinstance(name, bytes) else str(name)

    def activate(self) -> None:
        """Make this context's device, stream and memory pool current (this thread)."""
        self._device.use()
        self.stream.use()
        self.xp.cuda.set_allocator(self.memory_pool.malloc)

    def to_device(self, array: Any) -> Any:
        with self._device, self.stream:
            return self.xp.asarray(array)

    def to_host(self, array: Any) -> np.ndarray:
        return array.get(stream=self.stream) if hasattr(array, "get") else np.asarray(array)

    def synchronize(self) -> None:
        self.stream.synchronize()


def _gpu_context(place: Place) -> GPUContext:
    return GPUContext(place.device_id)


def _activate(ctx: DeviceContext) -> bool:
    ctx.activate()  # its device, stream and memory pool current again
    return True


register_backend(DeviceBackend("gpu", _gpu_context, _activate))
