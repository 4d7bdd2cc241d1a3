"""Shared fixtures; tests needing CUDA are skipped where no device exists."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from phi.backends.devices import device_type
from phi.backends.gpu.gpu_context import cuda_device_count, gpu_unavailable_reason
from phi.common import CustomPlace, Place

HAS_CUDA = cuda_device_count() > 0


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    _heavy_files_first(items)
    if HAS_CUDA:
        return
    skip = pytest.mark.skip(reason=f"needs a CUDA device: {gpu_unavailable_reason()}")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)


def _heavy_files_first(items: list[pytest.Item]) -> None:
    """The files marked `heavy` (a module fixture of minutes) first, then the others by
    their number of tests, most first. xdist (`--dist loadfile --no-loadscope-reorder`)
    hands files out in this order as workers free up, so the long fixtures start at once
    and the many short files even out the end: sorted by test count alone (xdist's own
    reorder), a file of three tests and a seven-minute fixture came last and ran alone."""
    files: dict[str, list[pytest.Item]] = {}
    for item in items:
        files.setdefault(item.nodeid.split("::")[0], []).append(item)
    order = sorted(files.values(), key=lambda group: (
        group[0].get_closest_marker("heavy") is None, -len(group)))
    items[:] = [item for group in order for item in group]


@pytest.fixture
def emulated() -> Iterator[Place]:
    """The `emulated` device: the GPU kernels on NumPy memory of its own, which refuses
    silent mixing with host arrays, so device programs, CPU fallbacks and place transfers
    run on machines without CUDA."""
    device_type("emulated")
    yield CustomPlace("emulated", 0)
