"""Shared fixtures; tests needing CUDA are skipped where no device exists."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from phi.backends.devices import device_type
from phi.backends.gpu.gpu_context import cuda_device_count, gpu_unavailable_reason
from phi.common import CustomPlace, Place

HAS_CUDA = cuda_device_count() > 0


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if HAS_CUDA:
        return
    skip = pytest.mark.skip(reason=f"needs a CUDA device: {gpu_unavailable_reason()}")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def emulated() -> Iterator[Place]:
    """The `emulated` device: the GPU kernels on NumPy memory of its own, which refuses
    silent mixing with host arrays, so device programs, CPU fallbacks and place transfers
    run on machines without CUDA."""
    device_type("emulated")
    yield CustomPlace("emulated", 0)
