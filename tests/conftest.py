"""Shared fixtures; tests needing CUDA are skipped where no device exists."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from compat.coverage.simgpu import simulated_gpu
from phi.backends.gpu.gpu_context import cuda_device_count
from phi.common import Place

HAS_CUDA = cuda_device_count() > 0


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if HAS_CUDA:
        return
    skip = pytest.mark.skip(reason="no CUDA device on this machine (CuPy/driver missing)")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def fake_gpu() -> Iterator[Place]:
    """gpu:0 backed by NumPy memory, so GPU registrations, fallbacks and place transfers
    run on machines without CUDA."""
    with simulated_gpu() as place:
        yield place
