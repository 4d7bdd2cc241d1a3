"""A NumPy-backed device context labelled gpu:0, so GPU kernel selection runs anywhere.

Kernel choice (PHI GPU kernel, legacy GPU kernel, CPU fallback) and the
place transforms it causes depend only on registrations and places, not on
where the memory really is; this context lets `coverage` trace them on
machines without CUDA. Kernels receive ``dev_ctx.xp is numpy``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np

from phi.backends.context_pool import DeviceContextPool
from phi.common import Backend, GPUPlace, Place
from phi.core.device_context import DeviceContext


class SimulatedGPUContext(DeviceContext):
    """Host memory that tensors and kernels treat as living on ``gpu:<device_id>``."""

    backend = Backend.GPU
    simulated = True

    def __init__(self, device_id: int = 0) -> None:
        super().__init__(GPUPlace(device_id), np)

    def to_device(self, array: Any) -> np.ndarray:
        return np.array(array, copy=True)

    def to_host(self, array: Any) -> np.ndarray:
        return np.asarray(array)


@contextmanager
def simulated_gpu(device_id: int = 0) -> Iterator[Place]:
    """Install a `SimulatedGPUContext` for ``gpu:<device_id>`` in the pool; restore on exit."""
    pool = DeviceContextPool.instance()
    place = GPUPlace(device_id)
    previous = pool._contexts.get(place)
    pool._contexts[place] = SimulatedGPUContext(device_id)
    try:
        yield place
    finally:
        if previous is None:
            pool._contexts.pop(place, None)
        else:
            pool._contexts[place] = previous
