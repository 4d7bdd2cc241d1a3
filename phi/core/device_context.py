"""`DeviceContext`: the only way kernels obtain memory for their outputs."""

from __future__ import annotations

from types import ModuleType
from typing import Any, Protocol

import numpy as np

from phi.common import AnyBackend, Backend, CPUPlace, DataType, Place


class Allocatable(Protocol):
    """What a device context needs of a tensor it gives memory (`DenseTensor`)."""

    @property
    def dims(self) -> tuple[int, ...]: ...

    @property
    def dtype(self) -> DataType: ...

    def resize(self, dims: tuple[int, ...]) -> Any: ...

    def allocate(self, xp: Any, place: Place, dtype: DataType | None = None) -> Any: ...

    def set_array(self, array: Any, place: Place | None = None) -> Any: ...


class DeviceUnavailableError(RuntimeError):
    """A place whose device cannot be used here (CuPy or a CUDA device missing, an
    unregistered device type, a device id out of range); the message says why."""


class DeviceContext:
    """Per-device state handed to every kernel as its first argument.

    ``xp`` is the array module (NumPy on CPU, CuPy on GPU) so that one kernel
    body in ``phi/kernels/impl`` serves every device.
    """

    backend: AnyBackend = Backend.UNDEFINED

    def __init__(self, place: Place, xp: ModuleType) -> None:
        self.place = place
        self.xp = xp
        self._workspaces: dict[tuple[str, Any], Any] = {}

    def alloc(
        self,
        tensor: Allocatable,
        dtype: DataType | None = None,
        dims: tuple[int, ...] | None = None,
    ) -> Any:
        """Give `tensor` fresh device storage of its dims (or `dims`) and `dtype`."""
        if dims is not None:
            tensor.resize(dims)
        return tensor.allocate(self.xp, self.place, dtype)

    def workspace(self, key: str, shape: tuple[int, ...], dtype: Any) -> Any:
        """Scratch memory (padding, im2col columns) reused across calls and runs.

        Returns an uninitialised C-contiguous array of `shape` and `dtype`, carved
        from one buffer per (key, dtype) that grows to the largest size asked for
        and is never shrunk (`release_workspaces` frees them all). It stays valid
        until the next call with the same key and dtype, so a kernel takes one key
        per buffer it holds at once; different kernels may share a key because
        kernels run one at a time. Never hand a workspace out as an output.
        """
        dt = np.dtype(dtype)
        size = 1
        for d in shape:
            size *= int(d)
        buf = self._workspaces.get((key, dt))
        if buf is None or buf.size < size:
            buf = self._workspaces[(key, dt)] = self.xp.empty(size, dtype=dt)
        return buf[:size].reshape(shape)

    def workspace_bytes(self) -> int:
        """Bytes held by workspaces (for memory reports)."""
        return sum(int(b.nbytes) for b in self._workspaces.values())

    def release_workspaces(self) -> None:
        self._workspaces.clear()

    def host_alloc(self, tensor: Allocatable, dtype: DataType | None = None) -> np.ndarray:
        """Host (NumPy) storage, for outputs that stay on the CPU whatever the device."""
        dtype = dtype or tensor.dtype
        array = np.empty(tensor.dims, dtype=dtype.to_numpy())
        tensor.set_array(array, CPUPlace())  # the one CPU place (not a new one per call)
        return array

    def to_device(self, array: Any) -> Any:
        """Copy a host array (or foreign device array) onto this device."""
        return self.xp.asarray(array)

    def to_host(self, array: Any) -> np.ndarray:
        return np.asarray(array)

    def synchronize(self) -> None:
        """Wait for queued work (no-op on CPU)."""

    def activate(self) -> None:
        """Make this context's device, stream and allocator current (GPU; no-op here)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.place})"
