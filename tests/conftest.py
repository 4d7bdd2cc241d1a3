"""Shared fixtures; tests needing CUDA are skipped where no device exists."""

from __future__ import annotations

import pytest

from phi.backends.gpu.gpu_context import cuda_device_count

HAS_CUDA = cuda_device_count() > 0


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if HAS_CUDA:
        return
    skip = pytest.mark.skip(reason="no CUDA device on this machine (CuPy/driver missing)")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)
